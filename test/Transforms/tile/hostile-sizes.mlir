// Sizes and addresses a kernel's author got wrong are refused at the op
// that carries them, with the numbers, before any pass plans: never
// wrapped int64 arithmetic that a validator then accepts, never an
// "internal error" at the function.
// RUN: pto-opt %s -split-input-file -verify-diagnostics -init-memref -memory-reuse -allocate-addr -check-tile-placement
// RUN: pto-opt %s -split-input-file -verify-diagnostics -pto-memory-plan=planner=dsa-rp

// A destination offset near the int64 limit: offset + 64 bytes wraps.
func.func @offset_wraps(%in: !tile.tensor<4x4xf32>) {
  %b = tile.alloc vec, 64 : !tile.buf<vec>
  // expected-error @+1 {{'tile.load' op result #0 of 64 bytes at destination offset 9223372036854775807 ends beyond the int64 range}}
  %a = tile.load %in into %b + 9223372036854775807 : (!tile.tensor<4x4xf32>) -> !tile.tile<4x4xf32, vec>
  %c = tile.add %a, %a : (!tile.tile<4x4xf32, vec>, !tile.tile<4x4xf32, vec>) -> !tile.tile<4x4xf32, vec>
  return
}

// -----

// An offset that does not wrap but runs past the 64-byte allocation.
func.func @offset_past_end(%in: !tile.tensor<4x4xf32>) {
  %b = tile.alloc vec, 64 : !tile.buf<vec>
  // expected-error @+1 {{'tile.load' op result #0 needs bytes [4611686018427387904, 4611686018427387968) of its destination, a 64-byte tile.alloc}}
  %a = tile.load %in into %b + 4611686018427387904 : (!tile.tensor<4x4xf32>) -> !tile.tile<4x4xf32, vec>
  %c = tile.add %a, %a : (!tile.tile<4x4xf32, vec>, !tile.tile<4x4xf32, vec>) -> !tile.tile<4x4xf32, vec>
  return
}

// -----

// A 1 KiB tile written into a 64-byte allocation.
func.func @tile_larger_than_buffer(%in: !tile.tensor<16x16xf32>) {
  %b = tile.alloc vec, 64 : !tile.buf<vec>
  // expected-error @+1 {{'tile.load' op result #0 needs bytes [0, 1024) of its destination, a 64-byte tile.alloc}}
  %a = tile.load %in into %b : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %c = tile.add %a, %a : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  return
}

// -----

// A preset address whose end is not an int64.
func.func @preset_addr_wraps(%in: !tile.tensor<4x4xf32>) {
  // expected-error @+1 {{'tile.alloc' op 'addr' 9223372036854775807 plus the size 64 ends beyond the int64 range}}
  %b = tile.alloc vec, 64 {addr = 9223372036854775807} : !tile.buf<vec>
  %a = tile.load %in into %b : (!tile.tensor<4x4xf32>) -> !tile.tile<4x4xf32, vec>
  return
}

// -----

// A tile type of 2^62 x 4 f32 elements: its byte size is not an int64.
func.func @tile_type_too_large(%in: !tile.tensor<4611686018427387904x4xf32>) {
  // expected-error @+1 {{'tile.load' op result type !tile.tile<4611686018427387904x4xf32, vec> needs more than 9223372036854775807 bytes}}
  %a = tile.load %in : (!tile.tensor<4611686018427387904x4xf32>) -> !tile.tile<4611686018427387904x4xf32, vec>
  return
}

// -----

// A preset address that breaks the target's alignment (32 bytes on the
// generic target) is the input's fault, reported at the allocation by the
// first pass that sees it.
func.func @preset_addr_misaligned(%in: !tile.tensor<4x4xf32>) {
  // expected-error @+1 {{init-memref: the input's address 100 of %b is not 32-byte aligned}}
  %b = tile.alloc vec, 64 {addr = 100} : !tile.buf<vec>
  %a = tile.load %in into %b : (!tile.tensor<4x4xf32>) -> !tile.tile<4x4xf32, vec>
  %c = tile.add %a, %a : (!tile.tile<4x4xf32, vec>, !tile.tile<4x4xf32, vec>) -> !tile.tile<4x4xf32, vec>
  return
}

// -----

// Allocations the planner cannot do arithmetic on (2^62 bytes) are
// refused at the allocation, not placed over each other.
func.func @allocation_above_the_planner_limit(%in: !tile.tensor<4x4xf32>) {
  // expected-error @+1 {{cannot plan this allocation: buffer 0 (%b): size 4611686018427387904 is above the planner's limit 4611686018427387903}}
  %b = tile.alloc vec, 4611686018427387904 : !tile.buf<vec>
  %c = tile.alloc vec, 4611686018427387904 : !tile.buf<vec>
  %a = tile.load %in into %b : (!tile.tensor<4x4xf32>) -> !tile.tile<4x4xf32, vec>
  %d = tile.add %a, %a into %c : (!tile.tile<4x4xf32, vec>, !tile.tile<4x4xf32, vec>) -> !tile.tile<4x4xf32, vec>
  %e = tile.add %a, %d into %b : (!tile.tile<4x4xf32, vec>, !tile.tile<4x4xf32, vec>) -> !tile.tile<4x4xf32, vec>
  return
}
