// RUN: pto-opt %s -materialize-scratch -init-memref -materialize-semantic-aliases -memory-reuse -allocate-addr -check-tile-placement --target=ascend910b | FileCheck %s
// RUN: pto-opt %s -materialize-scratch -init-memref -materialize-semantic-aliases -memory-reuse -allocate-addr -convert-tile-to-pto --target=ascend910b | FileCheck %s --check-prefix=PTO
// RUN: not pto-opt %s -init-memref -materialize-semantic-aliases -memory-reuse -allocate-addr -convert-tile-to-pto --target=ascend910b 2>&1 | FileCheck %s --check-prefix=NOSCRATCH

// The PyPTO pipeline run step by step, as -pto-memory-plan=planner=pypto
// runs it, on a kernel with row reductions in a loop: materialize-scratch
// gives row_max and row_sum the tmp tile their ptoas instructions need
// (first), so it is planned with the other tiles; the loop's tiles get
// allocations and addresses, and the plan passes the validator and
// lowers to ptoas input with the tmp as the instruction's second input.
// Without materialize-scratch the lowering refuses at the row reduction,
// naming the pass to run.
// CHECK-LABEL: func.func @rows
// CHECK:       %m_tmp = tile.create into %[[T:mem_vec_[0-9]+]] :
// CHECK-NEXT:  %m = tile.row_max %x, %m_tmp into %{{mem_vec_[0-9]+}} :
// CHECK:       %s_tmp = tile.create into %{{mem_vec_[0-9]+}} :
// CHECK-NEXT:  %s = tile.row_sum %e, %s_tmp into %{{mem_vec_[0-9]+}} :
// CHECK:       scf.yield
// PTO:         pto.trowmax ins(%{{[a-z_0-9]+}}, %{{[a-z_0-9]+}} : !pto.tile_buf<vec, 32x128xf32>, !pto.tile_buf<vec, 32x128xf32>) outs(
// PTO:         pto.trowsum ins(%{{[a-z_0-9]+}}, %{{[a-z_0-9]+}} : !pto.tile_buf<vec, 32x128xf32>, !pto.tile_buf<vec, 32x128xf32>) outs(
// NOSCRATCH:   error: convert-tile-to-pto: ptoas's pto.trowmax needs a scratch (tmp) tile: run -materialize-scratch before planning (pto-memory-plan does)
func.func @rows(%x_gm: !tile.tensor<128x128xf32>, %y_gm: !tile.tensor<128x128xf32>) -> !tile.tensor<128x128xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %res = scf.for %i = %c0 to %c4 step %c1 iter_args(%y = %y_gm) -> (!tile.tensor<128x128xf32>) {
    %x = tile.load %x_gm, %i {offsets = [32, 0]} : (!tile.tensor<128x128xf32>, index) -> !tile.tile<32x128xf32, vec>
    %m = tile.row_max %x : (!tile.tile<32x128xf32, vec>) -> !tile.tile<32x1xf32, vec>
    %d = tile.row_expand_sub %x, %m : (!tile.tile<32x128xf32, vec>, !tile.tile<32x1xf32, vec>) -> !tile.tile<32x128xf32, vec>
    %e = tile.exp %d : (!tile.tile<32x128xf32, vec>) -> !tile.tile<32x128xf32, vec>
    %s = tile.row_sum %e : (!tile.tile<32x128xf32, vec>) -> !tile.tile<32x1xf32, vec>
    %p = tile.row_expand_div %e, %s : (!tile.tile<32x128xf32, vec>, !tile.tile<32x1xf32, vec>) -> !tile.tile<32x128xf32, vec>
    %y2 = tile.store %p, %y, %i {offsets = [32, 0]} : (!tile.tile<32x128xf32, vec>, !tile.tensor<128x128xf32>, index) -> !tile.tensor<128x128xf32>
    scf.yield %y2 : !tile.tensor<128x128xf32>
  }
  return %res : !tile.tensor<128x128xf32>
}
