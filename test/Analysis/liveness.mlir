// RUN: pto-opt %s -split-input-file -test-print-liveness -o /dev/null 2>&1 | FileCheck %s

// Same-statement read-then-write: %a is last read by the muls that writes
// %b, so their lifetimes touch without overlapping and the two buffers do
// not interfere. The hoisted !tile.buf handles do not extend the lifetimes
// of the tiles written into them.
// CHECK-LABEL: liveness @read_then_write
// CHECK: 3: tile.load
// CHECK-NEXT: 4: tile.mul
// CHECK: value %a [3, 4)
// CHECK-NEXT: value %b [4, 5)
// CHECK: root %m0 [3, 4)
// CHECK-NEXT: root %m1 [4, 5)
// CHECK-NOT: interfere
func.func @read_then_write(%in: !tile.tensor<16x16xf32>) {
  %m0 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m1 = tile.alloc vec, 1024 : !tile.buf<vec>
  %a = tile.load %in into %m0 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %b = tile.mul %a, %a into %m1 : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  return
}

// -----

// Loop-aware extension: %a is defined before the loop and used inside it,
// so it lives until the loop ends (point 9) and one past, through every
// iteration; it interferes with %t inside the loop and with %b after it,
// while %b (after the loop) does not meet %t.
// CHECK-LABEL: liveness @loop_extension
// CHECK: 5: scf.for (to 9)
// CHECK: value %a [3, 11)
// CHECK: value %t [6, 8)
// CHECK-NEXT: value %b [10, 12)
// CHECK: interfere %a %t
// CHECK-NEXT: interfere %a %b
// CHECK-NOT: %t %b
func.func @loop_extension(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %f = arith.constant 1.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<4xf32>
    memref.store %f, %a[%c0] : memref<4xf32>
    memref.dealloc %t : memref<4xf32>
  }
  %b = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}

// -----

// Loop-carried values live across the whole loop: the iter_arg %acc spans
// the loop [6, 10), and the allocation holding the carry (%m0, written
// before the loop and in the body) covers it.
// CHECK-LABEL: liveness @iter_args_live_across_loop
// CHECK: 6: scf.for (to 9)
// CHECK: value %acc [6, 10)
// CHECK: value %t [7, 8)
// CHECK-NEXT: value %s [8, 9)
// CHECK: root %m0 [5, 10)
// CHECK-NEXT: root %m1 [7, 8)
// CHECK-NEXT: interfere %m0 %m1
func.func @iter_args_live_across_loop(%n: index, %in: !tile.tensor<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m0 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m1 = tile.alloc vec, 1024 : !tile.buf<vec>
  %init = tile.load %in into %m0 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (!tile.tile<16x16xf32, vec>) {
    %t = tile.load %in into %m1 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
    %s = tile.add %acc, %t into %m0 : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    scf.yield %s : !tile.tile<16x16xf32, vec>
  }
  return
}

// -----

// A dealloc nested three ifs deep ends the lifetime at the dealloc itself,
// not at the end of the outer if, so %b after the ifs does not interfere.
// CHECK-LABEL: liveness @dealloc_depth3
// CHECK: 5: memref.dealloc
// CHECK: value %a [1, 5)
// CHECK: value %b [9, 10)
// CHECK-NOT: interfere
func.func @dealloc_depth3(%c1: i1, %c2: i1, %c3: i1) {
  %a = memref.alloc() : memref<4xf32>
  scf.if %c1 {
    scf.if %c2 {
      scf.if %c3 {
        memref.dealloc %a : memref<4xf32>
      }
    }
  }
  %b = memref.alloc() : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}

// -----

// Allocations living only in the two arms of an scf.if are exclusive: no
// execution holds both.
// CHECK-LABEL: liveness @exclusive_if
// CHECK: exclusive %a %b (scf.if at line
func.func @exclusive_if(%c: i1) {
  %f = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  scf.if %c {
    %a = memref.alloc() : memref<4xf32>
    memref.store %f, %a[%c0] : memref<4xf32>
    memref.dealloc %a : memref<4xf32>
  } else {
    %b = memref.alloc() : memref<4xf32>
    memref.store %f, %b[%c0] : memref<4xf32>
    memref.dealloc %b : memref<4xf32>
  }
  return
}

// -----

// The same holds for the two successors of a cf.cond_br that never meet.
// CHECK-LABEL: liveness @exclusive_cf
// CHECK: exclusive %a %b (cf successors that never meet)
func.func @exclusive_cf(%c: i1) {
  %f = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %a = memref.alloc() : memref<4xf32>
  memref.store %f, %a[%c0] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
^bb2:
  %b = memref.alloc() : memref<4xf32>
  memref.store %f, %b[%c0] : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}

// -----

// Successors that meet are not exclusive, and a value used around a cf back
// edge stays live through the whole loop block.
// CHECK-LABEL: liveness @cf_loop
// CHECK: value %a [3, 10)
// CHECK: value %b [5, 7)
// CHECK: interfere %a %b
func.func @cf_loop(%c: i1) {
  %f = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  cf.br ^bb1
^bb1:
  %b = memref.alloc() : memref<4xf32>
  memref.store %f, %a[%c0] : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb2:
  memref.dealloc %a : memref<4xf32>
  return
}

// -----

// Path sensitivity: %a, defined before the if, dies early in the then-arm
// and late in the else-arm. Its lifetime is two ranges, so %x (allocated
// after the then-arm dealloc) is disjoint from it although the hulls
// overlap; %x and %y are in exclusive arms.
// CHECK-LABEL: liveness @dies_in_arms
// CHECK: value %a [3, 5) [10, 11)
// CHECK: value %x [6, 8)
// CHECK: disjoint %a %x
// CHECK-NEXT: exclusive %x %y (scf.if at line
func.func @dies_in_arms(%c: i1) {
  %f = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
    %x = memref.alloc() : memref<4xf32>
    memref.store %f, %x[%c0] : memref<4xf32>
    memref.dealloc %x : memref<4xf32>
  } else {
    memref.store %f, %a[%c0] : memref<4xf32>
    memref.dealloc %a : memref<4xf32>
    %y = memref.alloc() : memref<4xf32>
    memref.dealloc %y : memref<4xf32>
  }
  return
}

// -----

// scf.if results: both arms yield buffers that live on after the if in
// %r, so they are not confined to an arm and interfere. %a is not used in
// the else-arm (points 4-5), which its lifetime leaves out.
// CHECK-LABEL: liveness @if_results_escape_arms
// CHECK: value %r [5, 9)
// CHECK: root %a [2, 3) [5, 9)
// CHECK-NEXT: root %b [4, 9)
// CHECK-NEXT: interfere %a %b
func.func @if_results_escape_arms(%c: i1) {
  %r = scf.if %c -> (memref<4xf32>) {
    %a = memref.alloc() : memref<4xf32>
    scf.yield %a : memref<4xf32>
  } else {
    %b = memref.alloc() : memref<4xf32>
    scf.yield %b : memref<4xf32>
  }
  %f = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  memref.store %f, %r[%c0] : memref<4xf32>
  memref.dealloc %r : memref<4xf32>
  return
}

// -----

// Deallocs nested to depth 3: an allocation's lifetime is the union over
// its aliases, each use in a nested region counted where the enclosing
// ops run. %b is read only in else-arms (dealloc at 9, yield at 12), so it
// is dead in the innermost then-arm where %x lives: they are disjoint,
// while %a, yielded from that arm, interferes with %x.
// CHECK-LABEL: liveness @nested_depth3
// CHECK: 5:     scf.if (to 10)
// CHECK: root %a [1, 8) [9, 11) [12, 13) [14, 17)
// CHECK-NEXT: root %b [2, 6) [12, 13) [14, 17)
// CHECK-NEXT: root %x [6, 7)
// CHECK-NEXT: interfere %a %b
// CHECK-NEXT: interfere %a %x
// CHECK-NEXT: disjoint %b %x
func.func @nested_depth3(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %r = scf.if %c -> (memref<4xf32>) {
    %r2 = scf.if %c -> (memref<4xf32>) {
      %r3 = scf.if %c -> (memref<4xf32>) {
        %x = memref.alloc() : memref<4xf32>
        memref.dealloc %x : memref<4xf32>
        scf.yield %a : memref<4xf32>
      } else {
        memref.dealloc %b : memref<4xf32>
        scf.yield %a : memref<4xf32>
      }
      scf.yield %r3 : memref<4xf32>
    } else {
      scf.yield %b : memref<4xf32>
    }
    scf.yield %r2 : memref<4xf32>
  } else {
    scf.yield %a : memref<4xf32>
  }
  %c0 = arith.constant 0 : index
  %v = memref.load %r[%c0] : memref<4xf32>
  memref.dealloc %r : memref<4xf32>
  return
}
