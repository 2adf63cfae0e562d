// RUN: pto-opt %s -split-input-file --target=ascend910b -allocate-addr=planner=dsa-rp -check-tile-placement --verify-plan | FileCheck %s
// RUN: pto-opt %s -split-input-file --target=ascend910b -allocate-addr=planner=best-fit -check-tile-placement --verify-plan | FileCheck %s

// An op may overwrite an input it reads only exactly in place. The
// narrowing cast's 1 KiB input %a dies at the cast, so its 512-byte output
// may share %a's bytes, but only at %a's address: DSA-RP used to put it
// 512 bytes in (the division's output took the low half), and the cast
// then wrote its first output bytes over input bytes it had not read yet.
// The address planners now keep such pairs at one address or apart.
// CHECK-LABEL: func.func @shifted_cast
func.func @shifted_cast(%in: !tile.tensor<16x16xf32>, %out: !tile.tensor<16x16xbf16>, %out2: !tile.tensor<16x16xf32>) {
  %m0 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m1 = tile.alloc vec, 512 : !tile.buf<vec>
  %m2 = tile.alloc vec, 512 : !tile.buf<vec>
  %m3 = tile.alloc vec, 1024 : !tile.buf<vec>
  %a = tile.load %in into %m0 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %h = tile.cast %a into %m1 : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xbf16, vec>
  %w = tile.slice %h {offsets = [15, 0], sizes = [1, 16]} : (!tile.tile<16x16xbf16, vec>) -> !tile.tile<1x16xbf16, vec>
  %d = tile.col_expand_div %h, %w into %m2 : (!tile.tile<16x16xbf16, vec>, !tile.tile<1x16xbf16, vec>) -> !tile.tile<16x16xbf16, vec>
  %b = tile.load %in into %m3 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %c = tile.exp %b into %m3 : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  %s2 = tile.store %c, %out2 : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  %s = tile.store %d, %out : (!tile.tile<16x16xbf16, vec>, !tile.tensor<16x16xbf16>) -> !tile.tensor<16x16xbf16>
  return
}
