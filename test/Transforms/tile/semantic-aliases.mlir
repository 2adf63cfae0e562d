// RUN: pto-opt %s -split-input-file -init-memref -materialize-semantic-aliases -check-tile-placement | FileCheck %s
// RUN: pto-opt %s -split-input-file -init-memref -materialize-semantic-aliases -mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS

// Over the whole file: 6 copies (read_late 1, swap 3, if_outside_live_after
// 1, init_used_after 1) and 5 retargeted producers.
// STATS:       MaterializeSemanticAliases
// STATS-NEXT:  (S) 6 num-moves
// STATS-NEXT:  (S) 5 num-retargeted

// Retarget: the loop carry starts in %a's allocation, so the yielded exp
// is written there too (in place, exp is in-place safe); its own
// allocation is then unused and removed. No copy.
// CHECK-LABEL: func.func @retarget
// CHECK-NEXT:  %[[A:.*]] = tile.alloc vec, 1024
// CHECK-NOT:   tile.alloc
// CHECK-NOT:   tile.move
// CHECK:       %a = tile.load %in into %[[A]]
// CHECK:       %y = tile.exp %x into %[[A]]
// CHECK-NEXT:  scf.yield %y
func.func @retarget(%in: !tile.tensor<16x16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tile.load %in : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> (!tile.tile<16x16xf32, vec>) {
    %y = tile.exp %x : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    scf.yield %y : !tile.tile<16x16xf32, vec>
  }
  return
}

// -----

// Copy when the carry is read late: the carry %x is still read by the add
// after the new value %y is computed, so %y cannot be written over it; a
// tile.move into the carry's allocation at the yield does the update.
// CHECK-LABEL: func.func @read_late
// CHECK-NEXT:  %[[A:.*]] = tile.alloc vec, 1024
// CHECK-NEXT:  %[[Y:.*]] = tile.alloc vec, 1024
// CHECK:       %y = tile.exp %x into %[[Y]]
// CHECK-NEXT:  %z = tile.add %y, %x into
// CHECK-NEXT:  %[[M:.*]] = tile.move %y into %[[A]]
// CHECK-NEXT:  scf.yield %[[M]]
func.func @read_late(%in: !tile.tensor<16x16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tile.load %in : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> (!tile.tile<16x16xf32, vec>) {
    %y = tile.exp %x : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    %z = tile.add %y, %x : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    scf.yield %y : !tile.tile<16x16xf32, vec>
  }
  return
}

// -----

// Swap (cur, prev = prev, cur): no order of the two copies works, so one
// carry is saved in a scratch allocation (hoisted to the entry) first.
// CHECK-LABEL: func.func @swap
// CHECK-NEXT:  %[[A:.*]] = tile.alloc vec, 1024
// CHECK-NEXT:  %[[B:.*]] = tile.alloc vec, 1024
// CHECK-NEXT:  %[[S:.*]] = tile.alloc vec, 1024
// CHECK:       scf.for
// CHECK-NEXT:    %[[T:.*]] = tile.move %y into %[[S]]
// CHECK-NEXT:    %[[Y2:.*]] = tile.move %x into %[[B]]
// CHECK-NEXT:    %[[X2:.*]] = tile.move %[[T]] into %[[A]]
// CHECK-NEXT:    scf.yield %[[X2]], %[[Y2]]
func.func @swap(%in: !tile.tensor<16x16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tile.load %in : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %b = tile.load %in : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
    scf.yield %y, %x : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
  }
  return
}

// -----

// If results: both arms produce their tile into one allocation (the
// then-arm's); the else arm's recip is retargeted there (it must not write
// over its input %a, which lives elsewhere, so that is allowed).
// CHECK-LABEL: func.func @if_result
// CHECK-NEXT:  %[[A:.*]] = tile.alloc vec, 1024
// CHECK-NEXT:  %[[R:.*]] = tile.alloc vec, 1024
// CHECK-NOT:   tile.alloc
// CHECK:       %e = tile.exp %a into %[[R]]
// CHECK:       %f = tile.recip %a into %[[R]]
func.func @if_result(%in: !tile.tensor<16x16xf32>, %flag: i1) {
  %a = tile.load %in : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %y = scf.if %flag -> (!tile.tile<16x16xf32, vec>) {
    %e = tile.exp %a : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    scf.yield %e : !tile.tile<16x16xf32, vec>
  } else {
    %f = tile.recip %a : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    scf.yield %f : !tile.tile<16x16xf32, vec>
  }
  return
}

// -----

// An arm yields a tile from before the if that is still read after it:
// the if result cannot take %a's allocation (the other arm would clobber
// %a), so it lives in the then-arm's and the else arm copies %a there.
// CHECK-LABEL: func.func @if_outside_live_after
// CHECK-NEXT:  %[[A:.*]] = tile.alloc vec, 1024
// CHECK-NEXT:  %[[E:.*]] = tile.alloc vec, 1024
// CHECK:       %e = tile.exp %a into %[[E]]
// CHECK-NEXT:  scf.yield %e
// CHECK-NEXT:  } else {
// CHECK-NEXT:  %[[M:.*]] = tile.move %a into %[[E]]
// CHECK-NEXT:  scf.yield %[[M]]
// CHECK:       tile.add %y, %a into
func.func @if_outside_live_after(%in: !tile.tensor<16x16xf32>, %flag: i1) {
  %a = tile.load %in : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %y = scf.if %flag -> (!tile.tile<16x16xf32, vec>) {
    %e = tile.exp %a : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    scf.yield %e : !tile.tile<16x16xf32, vec>
  } else {
    scf.yield %a : !tile.tile<16x16xf32, vec>
  }
  %s = tile.add %y, %a : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  return
}

// -----

// Nested: an outer carry feeds an inner loop and then an if whose else
// arm yields the inner loop's result. Every version of the variable lands
// in the init's allocation with no copy: the inner exp, and the then
// arm's abs (the inner loop before the if only reads the carry earlier).
// CHECK-LABEL: func.func @nested
// CHECK-NEXT:  %[[A:.*]] = tile.alloc vec, 1024
// CHECK-NOT:   tile.alloc
// CHECK-NOT:   tile.move
// CHECK:       %y = tile.exp %w into %[[A]]
// CHECK:       %e = tile.abs %q into %[[A]]
func.func @nested(%in: !tile.tensor<16x16xf32>, %n: index, %flag: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tile.load %in : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> (!tile.tile<16x16xf32, vec>) {
    %q = scf.for %j = %c0 to %n step %c1 iter_args(%w = %x) -> (!tile.tile<16x16xf32, vec>) {
      %y = tile.exp %w : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
      scf.yield %y : !tile.tile<16x16xf32, vec>
    }
    %u = scf.if %flag -> (!tile.tile<16x16xf32, vec>) {
      %e = tile.abs %q : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
      scf.yield %e : !tile.tile<16x16xf32, vec>
    } else {
      scf.yield %q : !tile.tile<16x16xf32, vec>
    }
    scf.yield %u : !tile.tile<16x16xf32, vec>
  }
  %s = tile.store %r, %in : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  return
}

// -----

// The init is read after the loop too, so the carry cannot live in its
// allocation: the init is copied into a fresh one before the loop.
// CHECK-LABEL: func.func @init_used_after
// CHECK-NEXT:  %[[A:.*]] = tile.alloc vec, 1024
// CHECK-NEXT:  tile.alloc vec, 1024
// CHECK-NEXT:  %[[C:.*]] = tile.alloc vec, 1024
// CHECK-NOT:   tile.alloc
// CHECK:       %[[I:.*]] = tile.move %a into %[[C]]
// CHECK-NEXT:  %r = scf.for {{.*}} iter_args(%x = %[[I]])
// CHECK-NEXT:    %y = tile.exp %x into %[[C]]
// CHECK:       tile.add %r, %a into
func.func @init_used_after(%in: !tile.tensor<16x16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tile.load %in : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> (!tile.tile<16x16xf32, vec>) {
    %y = tile.exp %x : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    scf.yield %y : !tile.tile<16x16xf32, vec>
  }
  %s = tile.add %r, %a : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  return
}
