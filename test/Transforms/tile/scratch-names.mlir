// RUN: pto-opt %s -materialize-scratch | FileCheck %s
// RUN: pto-opt %s -verify-diagnostics -pto-memory-plan=planner=dsa-rp --target=ascend910b

// A scratch (tmp) tile materialize-scratch gives an op is named as that
// op's tmp: %m_tmp for the tmp of the op writing %m, %row_max_tmp for a
// tile.row_max whose result has no name. Messages and memory reports name
// tiles for what they are, so an overflow says whose tmp is live at the
// peak ("tmp of tile.row_sum %m"), not "%scratch" (second RUN line: %y
// and the tmp of %m, 96 KiB each, need more than the 184 KiB of UB).
// CHECK:      %row_max_tmp = tile.create : () -> !tile.tile<96x256xf32, vec>
// CHECK-NEXT: %0 = tile.row_max %y, %row_max_tmp :
// CHECK:      %m_tmp = tile.create : () -> !tile.tile<96x256xf32, vec>
// CHECK-NEXT: %m = tile.row_sum %y, %m_tmp :
// expected-error-re @+1 {{allocate-addr: memory space 'vec' overflows: {{.*}}; live together at the peak: %y (98304 bytes, {{.*}}), tmp of tile.row_sum %m (98304 bytes, {{.*}}scratch-names.mlir:19:8)}}
func.func @rows(%in: !tile.tensor<96x256xf32>, %out: !tile.tensor<96x1xf32>) -> !tile.tensor<96x1xf32> {
  %x = tile.load %in : (!tile.tensor<96x256xf32>) -> !tile.tile<96x256xf32, vec>
  %y = tile.exp %x : (!tile.tile<96x256xf32, vec>) -> !tile.tile<96x256xf32, vec>
  %0 = tile.row_max %y : (!tile.tile<96x256xf32, vec>) -> !tile.tile<96x1xf32, vec>
  %m = tile.row_sum %y : (!tile.tile<96x256xf32, vec>) -> !tile.tile<96x1xf32, vec>
  %s = tile.add %0, %m : (!tile.tile<96x1xf32, vec>, !tile.tile<96x1xf32, vec>) -> !tile.tile<96x1xf32, vec>
  %r = tile.store %s, %out : (!tile.tile<96x1xf32, vec>, !tile.tensor<96x1xf32>) -> !tile.tensor<96x1xf32>
  return %r : !tile.tensor<96x1xf32>
}
