// ptoas's own rules, from its verifiers and its C++ lowering, checked by
// convert-tile-to-pto at the tile op that would break them: the element
// types an instruction takes on each arch, windows of fractal tiles, and the scalar ops ptoas lowers.
// The rules are the pto dialect's (dialect/pto), which the conversion
// checks its output with; the per-arch facts come from the target file.
// RUN: pto-opt %s -split-input-file -verify-diagnostics --target=ascend910b -convert-tile-to-pto

// On A2/A3 (ascend910b) tnot takes only 16-bit integers.
func.func @not_i32_on_a3(%in: !tile.tensor<16x16xi32>) {
  %m0 = tile.alloc vec, 1024 {addr = 0} : !tile.buf<vec>
  %m1 = tile.alloc vec, 1024 {addr = 1024} : !tile.buf<vec>
  %a = tile.load %in into %m0 : (!tile.tensor<16x16xi32>) -> !tile.tile<16x16xi32, vec>
  // expected-error @+1 {{convert-tile-to-pto: ptoas would reject it: 'pto.tnot' op expects A2/A3 tnot element type to be i16}}
  %b = tile.not %a into %m1 : (!tile.tile<16x16xi32, vec>) -> !tile.tile<16x16xi32, vec>
  return
}

// -----

// texp computes on floats only, on every arch.
func.func @exp_of_integers(%in: !tile.tensor<16x16xi32>) {
  %m0 = tile.alloc vec, 1024 {addr = 0} : !tile.buf<vec>
  %m1 = tile.alloc vec, 1024 {addr = 1024} : !tile.buf<vec>
  %a = tile.load %in into %m0 : (!tile.tensor<16x16xi32>) -> !tile.tile<16x16xi32, vec>
  // expected-error @+1 {{convert-tile-to-pto: ptoas would reject it: 'pto.texp' op expects src element type to be f16/f32}}
  %b = tile.exp %a into %m1 : (!tile.tile<16x16xi32, vec>) -> !tile.tile<16x16xi32, vec>
  return
}

// -----

// On A2/A3 tprelu's tmp tile holds u8 flags.
func.func @prelu_tmp_type(%in: !tile.tensor<16x16xf32>) {
  %m0 = tile.alloc vec, 1024 {addr = 0} : !tile.buf<vec>
  %m1 = tile.alloc vec, 1024 {addr = 1024} : !tile.buf<vec>
  %m2 = tile.alloc vec, 1024 {addr = 2048} : !tile.buf<vec>
  %m3 = tile.alloc vec, 1024 {addr = 3072} : !tile.buf<vec>
  %x = tile.load %in into %m0 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %s = tile.load %in into %m1 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %t = tile.load %in into %m2 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  // expected-error @+1 {{convert-tile-to-pto: ptoas would reject it: 'pto.tprelu' op expects A2/A3 tmp element type to be ui8}}
  %y = tile.prelu %x, %s, %t into %m3 : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  return
}

// -----

// A window of a mat tile (col_major boxes of row_major fractals on this
// target) keeps all its rows.
func.func @mat_window_rows(%in: !tile.tensor<64x64xf16>) {
  %m0 = tile.alloc mat, 8192 {addr = 0} : !tile.buf<mat>
  %m1 = tile.alloc left, 4096 {addr = 0} : !tile.buf<left>
  %a = tile.load %in into %m0 : (!tile.tensor<64x64xf16>) -> !tile.tile<64x64xf16, mat>
  // expected-error @+1 {{convert-tile-to-pto: ptoas would reject it: 'pto.subset' op expects a subset of a col_major boxed tile to keep all its rows (64), got 32}}
  %w = tile.slice %a {offsets = [32, 0]} : (!tile.tile<64x64xf16, mat>) -> !tile.tile<32x64xf16, mat>
  %l = tile.move %w into %m1 : (!tile.tile<32x64xf16, mat>) -> !tile.tile<32x64xf16, left>
  return
}

// -----

// ptoas lowers scf, cf, arith and its own ops; anything else in a kernel
// it cannot turn into C++.
func.func @memref_in_a_kernel(%in: !tile.tensor<16x16xf32>) {
  %m0 = tile.alloc vec, 1024 {addr = 0} : !tile.buf<vec>
  %a = tile.load %in into %m0 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  // expected-error @+1 {{convert-tile-to-pto: ptoas cannot lower 'memref.alloc' in a kernel}}
  %b = memref.alloc() : memref<4xf32>
  return
}
