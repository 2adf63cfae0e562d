// RUN: pto-opt %s -split-input-file -memory-reuse -verify-diagnostics

// memory-reuse needs every on-chip tile bound to an allocation.
func.func @needs_init_memref(%in: !tile.tensor<16x16xf32>) {
  // expected-error @+1 {{'memory-reuse' requires 'init-memref' to have run first}}
  %a = tile.load %in : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  return
}

// -----

// The accumulator if-phi cannot be coalesced when the seed's arm still
// reads the accumulator after the seed is written: retargeting would
// clobber it, and an acc-to-acc tile.move does not exist. An error, never
// an illegal move.
func.func @acc_phi_tail_read(%a: !tile.tensor<64x64xf16>, %o: !tile.tensor<64x64xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ml = tile.alloc left, 8192 : !tile.buf<left>
  %mr = tile.alloc right, 8192 : !tile.buf<right>
  %ma0 = tile.alloc acc, 16384 : !tile.buf<acc>
  %ma1 = tile.alloc acc, 16384 : !tile.buf<acc>
  %mv = tile.alloc vec, 16384 : !tile.buf<vec>
  %l0 = tile.load %a into %ml : (!tile.tensor<64x64xf16>) -> !tile.tile<64x64xf16, left>
  %r0 = tile.load %a into %mr : (!tile.tensor<64x64xf16>) -> !tile.tile<64x64xf16, right>
  %init = tile.matmul %l0, %r0 into %ma0 : (!tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>) -> !tile.tile<64x64xf32, acc>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %init) -> (!tile.tile<64x64xf32, acc>) {
    %first = arith.cmpi eq, %k, %c0 : index
    %c = scf.if %first -> (!tile.tile<64x64xf32, acc>) {
      %seed = tile.matmul %l0, %r0 into %ma1 : (!tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>) -> !tile.tile<64x64xf32, acc>
      %old = tile.move %acc into %mv : (!tile.tile<64x64xf32, acc>) -> !tile.tile<64x64xf32, vec>
      %st = tile.store %old, %o : (!tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32>
      scf.yield %seed : !tile.tile<64x64xf32, acc>
    } else {
      %next = tile.matmul_acc %acc, %l0, %r0 : (!tile.tile<64x64xf32, acc>, !tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>) -> !tile.tile<64x64xf32, acc>
      scf.yield %next : !tile.tile<64x64xf32, acc>
    }
    // expected-error @+1 {{without an acc-to-acc tile.move}}
    scf.yield %c : !tile.tile<64x64xf32, acc>
  }
  return
}

// -----

// Two tiles independently bound to one slot of a declared allocation must
// not be live together: the second write would destroy the first.
func.func @pinned_slot_overlap(%in: !tile.tensor<16x16xf32>) {
  %ping = tile.alloc vec, 2048 {pinned, slots = 2} : !tile.buf<vec>
  %m = tile.alloc vec, 1024 : !tile.buf<vec>
  // expected-note @+1 {{the other tile is written here}}
  %a = tile.load %in into %ping : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  // expected-error @+1 {{are both bound to slot 0 of the declared allocation %ping and are live at the same time}}
  %b = tile.load %in into %ping : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %c = tile.add %a, %b into %m : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  return
}

// -----

// Ping-pong: tiles on different slots may be live together, and a tile
// whose last read is the statement writing the next one on the same slot
// only touches it. No diagnostic.
func.func @pinned_ping_pong(%in: !tile.tensor<16x16xf32>) {
  %ping = tile.alloc vec, 2048 {pinned, slots = 2} : !tile.buf<vec>
  %a = tile.load %in into %ping : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %b = tile.load %in into %ping + 1024 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %c = tile.add %a, %b into %ping : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  return
}
