// An address the input gives that is invalid is an error at its
// allocation under every planner, never silently moved.
// RUN: pto-opt %s -split-input-file -verify-diagnostics --target=%S/Inputs/reserved-ub.json -allocate-addr=planner=sequential
// RUN: pto-opt %s -split-input-file -verify-diagnostics --target=%S/Inputs/reserved-ub.json -allocate-addr=planner=trivial
// RUN: pto-opt %s -split-input-file -verify-diagnostics --target=%S/Inputs/reserved-ub.json -allocate-addr=planner=best-fit
// RUN: pto-opt %s -split-input-file -verify-diagnostics --target=%S/Inputs/reserved-ub.json -allocate-addr=planner=ffd
// RUN: pto-opt %s -split-input-file -verify-diagnostics --target=%S/Inputs/reserved-ub.json -allocate-addr=planner=dsa-rp
// RUN: pto-opt %s -split-input-file -verify-diagnostics --target=%S/Inputs/reserved-ub.json -pto-memory-plan=planner=pypto
// RUN: pto-opt %s -split-input-file -verify-diagnostics --target=%S/Inputs/reserved-ub.json -pto-memory-plan=planner=dsa-rp

// Inside the reserved window [0, 4096) of the target's UB.
func.func @in_reserved(%in: !tile.tensor<64x64xf32>) {
  // expected-error @+1 {{the input's %g at [2048, 6144) overlaps the reserved window [0, 4096) of memory space 'vec'}}
  %g = tile.alloc vec, 4096 {addr = 2048} : !tile.buf<vec>
  %x = tile.load %in into %g : (!tile.tensor<64x64xf32>) -> !tile.tile<32x32xf32, vec>
  %s = tile.store %x, %in : (!tile.tile<32x32xf32, vec>, !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32>
  return
}

// -----

// Past the target's 64 KiB UB.
func.func @beyond_capacity(%in: !tile.tensor<64x64xf32>) {
  // expected-error @+1 {{the input's %g at [63488, 67584) exceeds the 65536-byte capacity of memory space 'vec'}}
  %g = tile.alloc vec, 4096 {addr = 63488} : !tile.buf<vec>
  %x = tile.load %in into %g : (!tile.tensor<64x64xf32>) -> !tile.tile<32x32xf32, vec>
  %s = tile.store %x, %in : (!tile.tile<32x32xf32, vec>, !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32>
  return
}

// -----

// Not on the space's alignment (this target's UB: 32 bytes).
func.func @misaligned(%in: !tile.tensor<64x64xf32>) {
  // expected-error @+1 {{the input's address 4112 of %g is not 32-byte aligned}}
  %g = tile.alloc vec, 4096 {addr = 4112} : !tile.buf<vec>
  %x = tile.load %in into %g : (!tile.tensor<64x64xf32>) -> !tile.tile<32x32xf32, vec>
  %s = tile.store %x, %in : (!tile.tile<32x32xf32, vec>, !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32>
  return
}

// -----

// Two given addresses of allocations live at the same time overlap; the
// third allocation has none, so the planner sees the clash.
func.func @overlapping_colive(%in: !tile.tensor<64x64xf32>) {
  // expected-note @+1 {{the other allocation is here}}
  %g1 = tile.alloc vec, 4096 {addr = 4096} : !tile.buf<vec>
  // expected-error @+1 {{cannot plan this allocation: buffers %g1 and %g2 are pinned to overlapping bytes but may not share them}}
  %g2 = tile.alloc vec, 4096 {addr = 6144} : !tile.buf<vec>
  %a = tile.alloc vec, 4096 : !tile.buf<vec>
  %x = tile.load %in into %g1 : (!tile.tensor<64x64xf32>) -> !tile.tile<32x32xf32, vec>
  %y = tile.load %in into %g2 : (!tile.tensor<64x64xf32>) -> !tile.tile<32x32xf32, vec>
  %z = tile.add %x, %y into %a : (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
  %s = tile.store %z, %in : (!tile.tile<32x32xf32, vec>, !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32>
  return
}

// -----

// Every allocation has an address: the validator judges the input's
// placement and points at the op. The cast's output at [5632, 6144) lies
// over part of its input at [5120, 6144).
func.func @given_shifted(%in: !tile.tensor<16x16xf32>, %out: !tile.tensor<16x16xbf16>) {
  %m0 = tile.alloc vec, 1024 {addr = 5120} : !tile.buf<vec>
  %m1 = tile.alloc vec, 512 {addr = 5632} : !tile.buf<vec>
  %a = tile.load %in into %m0 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  // expected-error @+1 {{writes its output at bytes [5632, 6144), over part of its input #0 at [5120, 6144): an op may overwrite an input only exactly in place}}
  %h = tile.cast %a into %m1 : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xbf16, vec>
  %s = tile.store %h, %out : (!tile.tile<16x16xbf16, vec>, !tile.tensor<16x16xbf16>) -> !tile.tensor<16x16xbf16>
  return
}

// -----

// A declared allocation given an address is kept from every other: %p's
// lifetime meets none of %q's, but %q's given bytes overlap it.
func.func @on_declared(%in: !tile.tensor<64x64xf32>) {
  // expected-note @+1 {{the other allocation is here}}
  %p = tile.alloc vec, 4096 {addr = 4096, pinned} : !tile.buf<vec>
  // expected-error @+1 {{cannot plan this allocation: buffer %q is pinned to [6144, 10240), on bytes [4096, 8192) that buffer %p keeps for itself for all time}}
  %q = tile.alloc vec, 4096 {addr = 6144} : !tile.buf<vec>
  %a = tile.alloc vec, 4096 : !tile.buf<vec>
  %x = tile.load %in into %p : (!tile.tensor<64x64xf32>) -> !tile.tile<32x32xf32, vec>
  %s = tile.store %x, %in : (!tile.tile<32x32xf32, vec>, !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32>
  %y = tile.load %in into %q : (!tile.tensor<64x64xf32>) -> !tile.tile<32x32xf32, vec>
  %z = tile.exp %y into %a : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
  %t = tile.store %z, %in : (!tile.tile<32x32xf32, vec>, !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32>
  return
}
