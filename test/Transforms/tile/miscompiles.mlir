// Kernels that were once planned into code computing a different result.
// Each is planned by every planner and then checked twice: statically by
// -check-tile-placement (every read sees its producer's bytes) and by
// running it, before and after planning, on the reference executor
// (--verify-plan fails on the first read that sees other bytes).
// RUN: pto-opt %s -split-input-file --target=ascend910b -pto-memory-plan=planner=pypto -check-tile-placement --verify-plan | FileCheck %s
// RUN: pto-opt %s -split-input-file --target=ascend910b -pto-memory-plan=planner=dsa-rp -check-tile-placement --verify-plan | FileCheck %s
// RUN: pto-opt %s -split-input-file --target=ascend950 -pto-memory-plan=planner=ptoas -check-tile-placement --verify-plan | FileCheck %s
// RUN: pto-opt %s -split-input-file -init-memref -materialize-semantic-aliases -memory-reuse -allocate-addr -check-tile-placement --verify-plan | FileCheck %s

// One tile yielded for two loop carries: it can sit on one carry's buffer
// only, so the other carry gets a copy at the yield (before the fix,
// carry 0 never received %y and read the initial value from the second
// iteration on).
// CHECK-LABEL: func.func @duplicate_yield
// CHECK:         %y = tile.add %x, %z into %[[Y:[^ ]+]]
// CHECK-NEXT:    %[[C:.*]] = tile.move %y into %[[OTHER:[^ ]+]]
// CHECK-NEXT:    scf.yield
func.func @duplicate_yield(%in: !tile.tensor<16x16xf32>, %o0: !tile.tensor<16x16xf32>, %o1: !tile.tensor<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %b = tile.exp %a : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  %r0, %r1 = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %a, %z = %b) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
    %y = tile.add %x, %z : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    scf.yield %y, %y : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
  }
  %s0 = tile.store %r0, %o0 {offsets = [0, 0]} : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  %s1 = tile.store %r1, %o1 {offsets = [0, 0]} : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  return
}

// -----

// Two carries seeded from one tile: the second starts in a copy of its
// own, made before the loop (PyPTO refuses this loop).
// CHECK-LABEL: func.func @one_init_two_carries
// CHECK:         %a = tile.load %in into %[[A:[^ ]+]]
// CHECK-NEXT:    %[[COPY:.*]] = tile.move %a into %[[B:[^ ]+]]
// CHECK-NEXT:    scf.for {{.*}} iter_args(%x = %a, %z = %[[COPY]])
func.func @one_init_two_carries(%in: !tile.tensor<16x16xf32>, %o0: !tile.tensor<16x16xf32>, %o1: !tile.tensor<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %r0, %r1 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %z = %a) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
    %y = tile.add %x, %z : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    %w = tile.exp %z : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    scf.yield %y, %w : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
  }
  %s0 = tile.store %r0, %o0 {offsets = [0, 0]} : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  %s1 = tile.store %r1, %o1 {offsets = [0, 0]} : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  return
}

// -----

// Inside a loop, an if whose then-arm runs an inner loop seeded from the
// outer carry %x and whose else-arm yields the outer tile %b, with %x read
// after the if: the if result gets a place that does not hold %x (the
// else-arm's copy of %b used to land on %x while it was still live), and
// both arms yield on it.
// CHECK-LABEL: func.func @if_over_live_carry
// CHECK:         scf.for %i
// CHECK:         scf.if %flag
// CHECK:         } else {
// CHECK-NEXT:      %[[M:.*]] = tile.move %b into
// CHECK-NEXT:      scf.yield %[[M]]
func.func @if_over_live_carry(%in: !tile.tensor<16x16xf32>, %out: !tile.tensor<16x16xf32>, %out2: !tile.tensor<16x16xf32>, %flag: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %b = tile.exp %a : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %a) -> (!tile.tile<16x16xf32, vec>) {
    %t = scf.if %flag -> (!tile.tile<16x16xf32, vec>) {
      %in2 = scf.for %j = %c0 to %c2 step %c1 iter_args(%w = %x) -> (!tile.tile<16x16xf32, vec>) {
        %w2 = tile.abs %w : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
        scf.yield %w2 : !tile.tile<16x16xf32, vec>
      }
      scf.yield %in2 : !tile.tile<16x16xf32, vec>
    } else {
      scf.yield %b : !tile.tile<16x16xf32, vec>
    }
    %u = tile.add %t, %x : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    scf.yield %u : !tile.tile<16x16xf32, vec>
  }
  %s = tile.store %r, %out {offsets = [0, 0]} : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  %s2 = tile.store %b, %out2 {offsets = [0, 0]} : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  return
}

// -----

// A slice of the loop's init is read in every iteration: the carry may not
// live in the init's buffer (the loop would overwrite what the slice
// reads), so the init is copied into a buffer of its own first.
// CHECK-LABEL: func.func @slice_of_init_read_in_loop
// CHECK:         %a = tile.load %in into %[[A:[^ ]+]]
// CHECK:         %[[C:.*]] = tile.move %a into
// CHECK-NEXT:    scf.for {{.*}} iter_args(%x = %[[C]])
func.func @slice_of_init_read_in_loop(%in: !tile.tensor<8x16xf32>, %o0: !tile.tensor<8x16xf32>, %o1: !tile.tensor<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<8x16xf32>) -> !tile.tile<8x16xf32, vec>
  %w = tile.slice %a {offsets = [0, 8], sizes = [8, 8]} : (!tile.tile<8x16xf32, vec>) -> !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a) -> (!tile.tile<8x16xf32, vec>) {
    %u = tile.abs %w : (!tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec>
    %s = tile.store %u, %o1, %i {offsets = [0, 0]} : (!tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>, index) -> !tile.tensor<8x8xf32>
    %y = tile.exp %x : (!tile.tile<8x16xf32, vec>) -> !tile.tile<8x16xf32, vec>
    scf.yield %y : !tile.tile<8x16xf32, vec>
  }
  %s0 = tile.store %r, %o0 {offsets = [0, 0]} : (!tile.tile<8x16xf32, vec>, !tile.tensor<8x16xf32>) -> !tile.tensor<8x16xf32>
  return
}

// -----

// An inner loop seeded from a view of the outer carry, which is read after
// the inner loop: the inner carry starts in a copy, so the outer carry's
// bytes survive the inner loop.
// CHECK-LABEL: func.func @inner_init_views_outer_carry
// CHECK:         %v = tile.reinterpret %x
// CHECK-NEXT:    %[[C:.*]] = tile.move %v into
// CHECK-NEXT:    scf.for {{.*}} iter_args(%z = %[[C]])
func.func @inner_init_views_outer_carry(%in: !tile.tensor<2x8xf32>, %o0: !tile.tensor<2x8xf32>, %o1: !tile.tensor<2x8xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<2x8xf32>) -> !tile.tile<2x8xf32, vec>
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %a) -> (!tile.tile<2x8xf32, vec>) {
    %v = tile.reinterpret %x : (!tile.tile<2x8xf32, vec>) -> !tile.tile<2x8xi32, vec>
    %q = scf.for %j = %c0 to %c2 step %c1 iter_args(%z = %v) -> (!tile.tile<2x8xi32, vec>) {
      %n = tile.not %z : (!tile.tile<2x8xi32, vec>) -> !tile.tile<2x8xi32, vec>
      scf.yield %n : !tile.tile<2x8xi32, vec>
    }
    %s = tile.store %q, %o1 {offsets = [0, 0]} : (!tile.tile<2x8xi32, vec>, !tile.tensor<2x8xi32>) -> !tile.tensor<2x8xi32>
    %e = tile.exp %x : (!tile.tile<2x8xf32, vec>) -> !tile.tile<2x8xf32, vec>
    scf.yield %e : !tile.tile<2x8xf32, vec>
  }
  %s0 = tile.store %r, %o0 {offsets = [0, 0]} : (!tile.tile<2x8xf32, vec>, !tile.tensor<2x8xf32>) -> !tile.tensor<2x8xf32>
  return
}

// -----

// An inner loop seeded from a tile defined outside the outer loop: each
// outer iteration starts the inner loop from %a again, so the inner carry
// may not live in %a's buffer; it starts in a copy.
// CHECK-LABEL: func.func @init_outside_outer_loop
// CHECK:         scf.for %i
// CHECK-NEXT:      %[[C:.*]] = tile.move %a into
// CHECK-NEXT:      scf.for {{.*}} iter_args(%z = %[[C]])
func.func @init_outside_outer_loop(%in: !tile.tensor<16x16xf32>, %o: !tile.tensor<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  scf.for %i = %c0 to %c3 step %c1 {
    %q = scf.for %j = %c0 to %c3 step %c1 iter_args(%z = %a) -> (!tile.tile<16x16xf32, vec>) {
      %n = tile.exp %z : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
      scf.yield %n : !tile.tile<16x16xf32, vec>
    }
    %s = tile.store %q, %o, %i {offsets = [16, 0]} : (!tile.tile<16x16xf32, vec>, !tile.tensor<64x16xf32>, index) -> !tile.tensor<64x16xf32>
  }
  return
}

// -----

// A shift register whose last stage yields a slice of a carry: the copies
// at the yield are ordered by the buffers they read, and a slice reads its
// source's buffer, so the slice is copied before that buffer is refilled.
// CHECK-LABEL: func.func @shift_through_slice
// CHECK:         %[[S:.*]] = tile.move %w into
// CHECK:         scf.yield
func.func @shift_through_slice(%in: !tile.tensor<8x1xf32>, %o: !tile.tensor<8x1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<8x1xf32>) -> !tile.tile<8x1xf32, vec>
  %b = tile.exp %a : (!tile.tile<8x1xf32, vec>) -> !tile.tile<8x1xf32, vec>
  %c = tile.neg %a : (!tile.tile<8x1xf32, vec>) -> !tile.tile<8x1xf32, vec>
  %r:3 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %y = %b, %z = %c) -> (!tile.tile<8x1xf32, vec>, !tile.tile<8x1xf32, vec>, !tile.tile<8x1xf32, vec>) {
    %w = tile.slice %y {offsets = [0, 0], sizes = [8, 1]} : (!tile.tile<8x1xf32, vec>) -> !tile.tile<8x1xf32, vec>
    scf.yield %y, %z, %w : !tile.tile<8x1xf32, vec>, !tile.tile<8x1xf32, vec>, !tile.tile<8x1xf32, vec>
  }
  %t = tile.add %r#0, %r#2 : (!tile.tile<8x1xf32, vec>, !tile.tile<8x1xf32, vec>) -> !tile.tile<8x1xf32, vec>
  %u = tile.add %t, %r#1 : (!tile.tile<8x1xf32, vec>, !tile.tile<8x1xf32, vec>) -> !tile.tile<8x1xf32, vec>
  %s = tile.store %u, %o {offsets = [0, 0]} : (!tile.tile<8x1xf32, vec>, !tile.tensor<8x1xf32>) -> !tile.tensor<8x1xf32>
  return
}

// -----

// A carry yielded as a slice of itself (the whole tile): the copy onto the
// carry's own buffer would write over its input, so it goes through a
// scratch buffer.
// CHECK-LABEL: func.func @carry_yields_own_slice
// CHECK:         %w = tile.slice %z
// CHECK:         tile.move %w into
// CHECK:         scf.yield
func.func @carry_yields_own_slice(%in: !tile.tensor<8x8xf32>, %o: !tile.tensor<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<8x8xf32>) -> !tile.tile<8x8xf32, vec>
  %b = tile.exp %a : (!tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec>
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %z = %b) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
    %w = tile.slice %z {offsets = [0, 0], sizes = [8, 8]} : (!tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec>
    %n = tile.neg %x : (!tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec>
    %s = tile.store %n, %o {offsets = [0, 0]} : (!tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>) -> !tile.tensor<8x8xf32>
    scf.yield %z, %w : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
  }
  %t = tile.add %r#0, %r#1 : (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec>
  %s0 = tile.store %t, %o {offsets = [0, 0]} : (!tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>) -> !tile.tensor<8x8xf32>
  return
}

// -----

// An if in a loop yields the carry %y in one arm and an outer tile in the
// other, while %y also moves on to carry 0 at the yield: the if result may
// not take %y's place (the else arm would overwrite %y before that copy).
// CHECK-LABEL: func.func @if_yields_shifted_carry
// CHECK:         scf.if %c
// CHECK:         } else {
// CHECK-NEXT:      %[[M:.*]] = tile.move %t into
// CHECK-NEXT:      scf.yield %[[M]]
func.func @if_yields_shifted_carry(%in: !tile.tensor<8x8xf32>, %o: !tile.tensor<8x8xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<8x8xf32>) -> !tile.tile<8x8xf32, vec>
  %b = tile.exp %a : (!tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec>
  %t = tile.neg %a : (!tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec>
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %y = %b) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
    %q = scf.if %c -> (!tile.tile<8x8xf32, vec>) {
      scf.yield %y : !tile.tile<8x8xf32, vec>
    } else {
      scf.yield %t : !tile.tile<8x8xf32, vec>
    }
    scf.yield %y, %q : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
  }
  %u = tile.add %r#0, %r#1 : (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec>
  %s0 = tile.store %u, %o {offsets = [0, 0]} : (!tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>) -> !tile.tensor<8x8xf32>
  return
}

// -----

// An inner loop seeded from a view, made in the outer loop, of a tile
// defined before it: the view's bytes outlive the outer iteration, so the
// inner carry starts in a copy.
// CHECK-LABEL: func.func @init_view_of_outer_tile
// CHECK:         %v = tile.reshape %a
// CHECK-NEXT:    %[[C:.*]] = tile.move %v into
// CHECK-NEXT:    scf.for {{.*}} iter_args(%z = %[[C]])
func.func @init_view_of_outer_tile(%in: !tile.tensor<16x16xf32>, %o: !tile.tensor<32x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  scf.for %i = %c0 to %c2 step %c1 {
    %v = tile.reshape %a : (!tile.tile<16x16xf32, vec>) -> !tile.tile<32x8xf32, vec>
    %q = scf.for %j = %c0 to %c2 step %c1 iter_args(%z = %v) -> (!tile.tile<32x8xf32, vec>) {
      %n = tile.exp %z : (!tile.tile<32x8xf32, vec>) -> !tile.tile<32x8xf32, vec>
      scf.yield %n : !tile.tile<32x8xf32, vec>
    }
    %s = tile.store %q, %o {offsets = [0, 0]} : (!tile.tile<32x8xf32, vec>, !tile.tensor<32x8xf32>) -> !tile.tensor<32x8xf32>
  }
  return
}
