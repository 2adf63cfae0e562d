// RUN: pto-opt %s --target=ascend910b -pto-memory-plan=planner=pypto -convert-tile-to-pto | FileCheck %s

// ttrans's 32-byte rows are A5's rule: on A2/A3 (ascend910b) ptoas takes
// the transpose of a column that convert-tile-to-pto-ptoas-shapes.mlir
// shows refused on ascend950.
// CHECK: pto.ttrans ins({{.*}} : !pto.tile_buf<vec, 64x1xf32>, !pto.tile_buf<vec, 64x1xf32>) outs({{.*}} : !pto.tile_buf<vec, 1x64xf32>)
func.func @transpose_narrow_on_a3(%x: !tile.tensor<64x1xf32>, %out: !tile.tensor<1x64xf32>) -> !tile.tensor<1x64xf32> {
  %a = tile.load %x {offsets = [0, 0]} : (!tile.tensor<64x1xf32>) -> !tile.tile<64x1xf32, vec>
  %t = tile.transpose %a : (!tile.tile<64x1xf32, vec>) -> !tile.tile<1x64xf32, vec>
  %r = tile.store %t, %out {offsets = [0, 0]} : (!tile.tile<1x64xf32, vec>, !tile.tensor<1x64xf32>) -> !tile.tensor<1x64xf32>
  return %r : !tile.tensor<1x64xf32>
}
