// RUN: pto-opt %s --target=ascend910b -memory-reuse | FileCheck %s --check-prefix=REUSE
// RUN: pto-opt %s --target=ascend910b -memory-reuse -allocate-addr | FileCheck %s --check-prefix=ADDR
// RUN: pto-opt %s --target=ascend910b -memory-reuse=inplace=false | FileCheck %s --check-prefix=NOINPLACE
// RUN: pto-opt %s --target=ascend910b -pto-memory-plan=planner=pypto | FileCheck %s --check-prefix=ADDR

// memory-reuse on a pto kernel makes one alloc_tile of tiles of one type
// whose lifetimes never meet: %c, written by the tadd at which %a dies,
// takes %a (in place), and %d, written by the tmuls at which that tile
// dies, takes it too; %b lives through both and keeps its own.
// allocate-addr then places the two tiles left (sequential: one after
// the other).
// REUSE-LABEL: func.func @chain
// REUSE: %a = pto.alloc_tile :
// REUSE-NEXT: %b = pto.alloc_tile :
// REUSE-NOT: pto.alloc_tile
// REUSE: pto.tadd ins(%a, %b : {{.*}}) outs(%a :
// REUSE: pto.tmuls ins(%a, %{{.*}}) outs(%a :
// REUSE: pto.tstore ins(%a :
// ADDR-LABEL: func.func @chain
// ADDR: %a = pto.alloc_tile addr = %c0_i64 :
// ADDR-NEXT: %b = pto.alloc_tile addr = %c4096_i64 :
// ADDR-NOT: pto.alloc_tile
// Without in-place the output of each op keeps a tile of its own, but
// %d still takes %a's tile, dead by then.
// NOINPLACE-LABEL: func.func @chain
// NOINPLACE: %a = pto.alloc_tile :
// NOINPLACE-NEXT: %b = pto.alloc_tile :
// NOINPLACE-NEXT: %c = pto.alloc_tile :
// NOINPLACE-NOT: pto.alloc_tile
// NOINPLACE: pto.tmuls ins(%c, %{{.*}}) outs(%a :
func.func @chain(%src: !pto.partition_tensor_view<32x32xf32>, %dst: !pto.partition_tensor_view<32x32xf32>) {
  %s = arith.constant 2.0 : f32
  %a = pto.alloc_tile : !pto.tile_buf<vec, 32x32xf32>
  %b = pto.alloc_tile : !pto.tile_buf<vec, 32x32xf32>
  %c = pto.alloc_tile : !pto.tile_buf<vec, 32x32xf32>
  %d = pto.alloc_tile : !pto.tile_buf<vec, 32x32xf32>
  pto.tload ins(%src : !pto.partition_tensor_view<32x32xf32>) outs(%a : !pto.tile_buf<vec, 32x32xf32>)
  pto.tload ins(%src : !pto.partition_tensor_view<32x32xf32>) outs(%b : !pto.tile_buf<vec, 32x32xf32>)
  pto.tadd ins(%a, %b : !pto.tile_buf<vec, 32x32xf32>, !pto.tile_buf<vec, 32x32xf32>) outs(%c : !pto.tile_buf<vec, 32x32xf32>)
  pto.tmuls ins(%c, %s : !pto.tile_buf<vec, 32x32xf32>, f32) outs(%d : !pto.tile_buf<vec, 32x32xf32>)
  pto.tstore ins(%d : !pto.tile_buf<vec, 32x32xf32>) outs(%dst : !pto.partition_tensor_view<32x32xf32>)
  pto.tstore ins(%b : !pto.tile_buf<vec, 32x32xf32>) outs(%dst : !pto.partition_tensor_view<32x32xf32>)
  return
}
