// RUN: pto-opt %s --target=ascend910b -pto-memory-plan="planner=dsa-rp" | FileCheck %s
// RUN: pto-opt %s --target=ascend910b -pto-memory-plan="planner=dsa-rp" --verify-plan -o /dev/null 2>&1 | FileCheck %s --check-prefix=VERIFY

// In-place pairs chain: %b may take %a's bytes at the texp (%a's first
// value dies there) and %c %b's at the tlog, but a chain is one address,
// and %a's second value (loaded after the tlog) is live with %c. So not
// all three share: %c does not take %a's address, and the plan computes
// what the kernel does.
// CHECK-LABEL: func.func @chain_meets_a_later_value
// CHECK: %a = pto.alloc_tile addr = %[[A:[^ ]*]] :
// CHECK-NOT: %c = pto.alloc_tile addr = %[[A]] :
// CHECK: return
// VERIFY: verify-plan: @chain_meets_a_later_value: the planned function computes what the unplanned one does
func.func @chain_meets_a_later_value(%src: !pto.partition_tensor_view<16x16xf32>, %d0: !pto.partition_tensor_view<16x16xf32>, %d1: !pto.partition_tensor_view<16x16xf32>) {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  %b = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  %c = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  pto.tload ins(%src : !pto.partition_tensor_view<16x16xf32>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  pto.texp ins(%a : !pto.tile_buf<vec, 16x16xf32>) outs(%b : !pto.tile_buf<vec, 16x16xf32>)
  pto.tlog ins(%b : !pto.tile_buf<vec, 16x16xf32>) outs(%c : !pto.tile_buf<vec, 16x16xf32>)
  pto.tload ins(%src : !pto.partition_tensor_view<16x16xf32>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  pto.tstore ins(%a : !pto.tile_buf<vec, 16x16xf32>) outs(%d0 : !pto.partition_tensor_view<16x16xf32>)
  pto.tstore ins(%c : !pto.tile_buf<vec, 16x16xf32>) outs(%d1 : !pto.partition_tensor_view<16x16xf32>)
  return
}
