// RUN: pto-opt %s -verify-diagnostics --target=ascend910b -check-tile-placement
// RUN: pto-opt %s -verify-diagnostics --target=ascend910b -convert-tile-to-pto
// RUN: pto-opt %s -verify-diagnostics --target=ascend910b -allocate-addr=planner=dsa-rp

// A tile's offset must also be a multiple of its space's alignment (32
// bytes for ascend910b's UB): the allocation's address is one, so the
// tile's address is then one too. An f16 tile at byte 16 suits its
// elements but not the UB.
func.func @f16_at_16(%in: !tile.tensor<64x64xf16>) {
  %m = tile.alloc vec, 4096 {addr = 0} : !tile.buf<vec>
  // expected-error @+1 {{'tile.load' puts its !tile.tile<8x8xf16, vec> tile at byte 16 of %m, which is not a multiple of 32, the alignment of memory space 'vec'}}
  %a = tile.load %in into %m + 16 : (!tile.tensor<64x64xf16>) -> !tile.tile<8x8xf16, vec>
  %s = tile.store %a, %in : (!tile.tile<8x8xf16, vec>, !tile.tensor<64x64xf16>) -> !tile.tensor<64x64xf16>
  return
}
