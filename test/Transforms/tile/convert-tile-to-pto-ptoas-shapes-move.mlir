// tmov copies whole tiles of one shape on A2/A3 (ascend910b); on A5
// (ascend950) a vec -> vec copy may change the shape around the valid
// region (from mat it may not on either).
// RUN: pto-opt %s -verify-diagnostics --target=ascend910b -pto-memory-plan=planner=pypto -convert-tile-to-pto
// RUN: pto-opt %s --target=ascend950 -pto-memory-plan=planner=pypto -convert-tile-to-pto | FileCheck %s

// CHECK: pto.tmov ins({{.*}} : !pto.tile_buf<vec, 16x32xf32, valid=16x16>) outs({{.*}} : !pto.tile_buf<vec, 16x16xf32>)
func.func @move_narrower(%x: !tile.tensor<16x32xf32>, %out: !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32> {
  %a = tile.load %x {offsets = [0, 0]} : (!tile.tensor<16x32xf32>) -> !tile.tile<16x32xf32, vec, valid = 16x16>
  // expected-error @+1 {{convert-tile-to-pto: ptoas would reject it: 'pto.tmov' op expects A2/A3 non-mat tmov to use matching src/dst shapes}}
  %c = tile.move %a : (!tile.tile<16x32xf32, vec, valid = 16x16>) -> !tile.tile<16x16xf32, vec>
  %r = tile.store %c, %out {offsets = [0, 0]} : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  return %r : !tile.tensor<16x16xf32>
}
