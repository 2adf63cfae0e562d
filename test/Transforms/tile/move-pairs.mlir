// A tile.move between spaces the target cannot copy between is refused at
// the move by the first tile pass (the target file's "moves", ptoas's tmov
// pairs): vec -> mat exists on ascend950, not on ascend910b.
// RUN: pto-opt %s -split-input-file -verify-diagnostics --target=ascend910b -pto-memory-plan=planner=pypto
// RUN: pto-opt %s --target=ascend950 -pto-memory-plan=planner=pypto | FileCheck %s --check-prefix=A5

// A5: tile.move {{.*}} -> !tile.tile<64x64xf16, mat>
func.func @vec_to_mat(%in: !tile.tensor<64x64xf16>) {
  %v = tile.load %in {offsets = [0, 0]} : (!tile.tensor<64x64xf16>) -> !tile.tile<64x64xf16, vec>
  // expected-error @+1 {{init-memref: 'tile.move' from vec to mat is not a copy target 'ascend910b' has (its moves: mat->left, mat->right, mat->bias, mat->left_scale, mat->right_scale, vec->vec, acc->mat, acc->vec)}}
  %m = tile.move %v : (!tile.tile<64x64xf16, vec>) -> !tile.tile<64x64xf16, mat>
  %l = tile.move %m : (!tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, left>
  return
}

// -----

// On ascend910b tile.load fills only vec and mat (tload); the cube's left
// and right tiles are filled by a move from mat.
func.func @load_into_left(%in: !tile.tensor<64x64xf16>) {
  // expected-error @+1 {{init-memref: 'tile.load' into left: target 'ascend910b' loads from global memory only into vec, mat}}
  %l = tile.load %in {offsets = [0, 0]} : (!tile.tensor<64x64xf16>) -> !tile.tile<64x64xf16, left>
  return
}
