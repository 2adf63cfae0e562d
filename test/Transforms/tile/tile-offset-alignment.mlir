// A tile's offset in its allocation must suit its elements and its space:
// allocation address + offset is the address the lowering emits. The
// validator refuses a misaligned one at the op, and so does every pass
// that takes a plan (and convert-tile-to-pto, which would emit it).
// RUN: pto-opt %s -split-input-file -verify-diagnostics --target=%S/Inputs/vec-align2.json -check-tile-placement
// RUN: pto-opt %s -split-input-file -verify-diagnostics --target=%S/Inputs/vec-align2.json -convert-tile-to-pto
// RUN: pto-opt %s -split-input-file -verify-diagnostics --target=%S/Inputs/vec-align2.json -init-memref
// RUN: pto-opt %s -split-input-file -verify-diagnostics --target=%S/Inputs/vec-align2.json -memory-reuse
// RUN: pto-opt %s -split-input-file -verify-diagnostics --target=%S/Inputs/vec-align2.json -allocate-addr=planner=best-fit

// An f32 tile at byte 3: no f32 load can use that address (the validator
// used to pass it, and convert-tile-to-pto emitted addr = 3).
func.func @f32_at_3(%in: !tile.tensor<64x64xf32>) {
  %m = tile.alloc vec, 4096 {addr = 0} : !tile.buf<vec>
  // expected-error @+1 {{'tile.load' puts its !tile.tile<8x8xf32, vec> tile at byte 3 of %m, which is not a multiple of 4, the alignment of its f32 elements}}
  %a = tile.load %in into %m + 3 : (!tile.tensor<64x64xf32>) -> !tile.tile<8x8xf32, vec>
  %s = tile.store %a, %in : (!tile.tile<8x8xf32, vec>, !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32>
  return
}

// -----

// The f16 tile at byte 2 is aligned for its elements, but viewed as f32 it
// is not.
func.func @reinterpret_at_2(%in: !tile.tensor<64x64xf16>, %out: !tile.tensor<8x4xf32>) {
  %m = tile.alloc vec, 4096 {addr = 0} : !tile.buf<vec>
  %a = tile.load %in into %m + 2 : (!tile.tensor<64x64xf16>) -> !tile.tile<8x8xf16, vec>
  // expected-error @+1 {{'tile.reinterpret' puts its !tile.tile<8x4xf32, vec> tile at byte 2 of %m, which is not a multiple of 4, the alignment of its f32 elements}}
  %v = tile.reinterpret %a : (!tile.tile<8x8xf16, vec>) -> !tile.tile<8x4xf32, vec>
  %s = tile.store %v, %out : (!tile.tile<8x4xf32, vec>, !tile.tensor<8x4xf32>) -> !tile.tensor<8x4xf32>
  return
}
