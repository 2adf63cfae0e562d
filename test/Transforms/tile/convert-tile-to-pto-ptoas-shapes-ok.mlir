// The forms ptoas takes, next to the ones convert-tile-to-pto-ptoas-shapes
// refuses: a row vector of one 32-byte block per row, a transpose whose
// source and result have 32-byte rows.
// RUN: pto-opt %s -split-input-file --target=ascend950 -pto-memory-plan=planner=pypto -convert-tile-to-pto | FileCheck %s --check-prefix=A5
// RUN: pto-opt %s -split-input-file --target=ascend910b -pto-memory-plan=planner=pypto -convert-tile-to-pto | FileCheck %s --check-prefix=A3

// A5: pto.trowexpandadd ins({{.*}} : !pto.tile_buf<vec, 32x64xf32>, !pto.tile_buf<vec, 32x8xf32>)
// A3: pto.trowexpandadd ins({{.*}} : !pto.tile_buf<vec, 32x64xf32>, !pto.tile_buf<vec, 32x8xf32>)
func.func @row_expand_add_block(%x: !tile.tensor<32x64xf32>, %v: !tile.tensor<32x8xf32>, %out: !tile.tensor<32x64xf32>) -> !tile.tensor<32x64xf32> {
  %a = tile.load %x {offsets = [0, 0]} : (!tile.tensor<32x64xf32>) -> !tile.tile<32x64xf32, vec>
  %b = tile.load %v {offsets = [0, 0]} : (!tile.tensor<32x8xf32>) -> !tile.tile<32x8xf32, vec>
  %c = tile.row_expand_add %a, %b : (!tile.tile<32x64xf32, vec>, !tile.tile<32x8xf32, vec>) -> !tile.tile<32x64xf32, vec>
  %r = tile.store %c, %out {offsets = [0, 0]} : (!tile.tile<32x64xf32, vec>, !tile.tensor<32x64xf32>) -> !tile.tensor<32x64xf32>
  return %r : !tile.tensor<32x64xf32>
}

// -----

// A5: pto.ttrans ins({{.*}} : !pto.tile_buf<vec, 8x16xf32>, !pto.tile_buf<vec, 8x16xf32>) outs({{.*}} : !pto.tile_buf<vec, 16x8xf32>)
// A3: pto.ttrans ins({{.*}} : !pto.tile_buf<vec, 8x16xf32>, !pto.tile_buf<vec, 8x16xf32>) outs({{.*}} : !pto.tile_buf<vec, 16x8xf32>)
func.func @transpose_aligned(%x: !tile.tensor<8x16xf32>, %out: !tile.tensor<16x8xf32>) -> !tile.tensor<16x8xf32> {
  %a = tile.load %x {offsets = [0, 0]} : (!tile.tensor<8x16xf32>) -> !tile.tile<8x16xf32, vec>
  %t = tile.transpose %a : (!tile.tile<8x16xf32, vec>) -> !tile.tile<16x8xf32, vec>
  %r = tile.store %t, %out {offsets = [0, 0]} : (!tile.tile<16x8xf32, vec>, !tile.tensor<16x8xf32>) -> !tile.tensor<16x8xf32>
  return %r : !tile.tensor<16x8xf32>
}

