// RUN: pto-opt %s -split-input-file \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis))" | FileCheck %s
// RUN: pto-opt %s -split-input-file \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis{algorithm=best-fit}))" \
// RUN:   | FileCheck %s --check-prefix=ANCHOR

// Entry-block buffers released inside scf.if arms, at any depth: the
// release is found through the alias set and erased; the buffer's lifetime
// ends at the entry-block op that holds the release (the outermost if).

// Each of two ifs releases one buffer in its then arm (the f64 buffer at
// 16, a multiple of its alignment).
// CHECK-LABEL: func.func @then_arms
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<48xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<48xi8> to memref<3xi32>
// CHECK-NEXT:    %[[O16:.*]] = arith.constant 16 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O16]]][] : memref<48xi8> to memref<4xf64>
// CHECK-NEXT:    scf.if
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.if
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @then_arms(%p: i1, %q: i1) {
  %a = memref.alloc() : memref<3xi32>
  %b = memref.alloc() : memref<4xf64>
  scf.if %p {
    memref.dealloc %a : memref<3xi32>
  }
  scf.if %q {
    memref.dealloc %b : memref<4xf64>
  }
  return
}

// -----

// Released in both arms of one if: two releases, both erased, one slot.
// CHECK-LABEL: func.func @both_arms
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<10xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<10xi8> to memref<5xf16>
// CHECK-NEXT:    scf.if
// CHECK-NEXT:    } else {
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @both_arms(%p: i1) {
  %a = memref.alloc() : memref<5xf16>
  scf.if %p {
    memref.dealloc %a : memref<5xf16>
  } else {
    memref.dealloc %a : memref<5xf16>
  }
  return
}

// -----

// Three ifs deep.
// CHECK-LABEL: func.func @three_deep
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<24xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<24xi8> to memref<2x3xi32>
// CHECK-NOT:     memref.dealloc
// CHECK:         return
func.func @three_deep(%p: i1, %q: i1, %r: i1) {
  %a = memref.alloc() : memref<2x3xi32>
  scf.if %p {
    scf.if %q {
      scf.if %r {
        memref.dealloc %a : memref<2x3xi32>
      }
    }
  }
  return
}

// -----

// In the else arm of an if nested in an else arm.
// CHECK-LABEL: func.func @nested_else
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<3xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<3xi8> to memref<3xi8>
// CHECK-NOT:     memref.dealloc
// CHECK:         return
func.func @nested_else(%p: i1, %q: i1) {
  %a = memref.alloc() : memref<3xi8>
  scf.if %p {
  } else {
    scf.if %q {
    } else {
      memref.dealloc %a : memref<3xi8>
    }
  }
  return
}

// -----

// One release in an if, one in the entry block: both buffers share the
// arena (16 + 2 bytes).
// CHECK-LABEL: func.func @mixed_places
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<18xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<18xi8> to memref<4xf32>
// CHECK-NEXT:    %[[O16:.*]] = arith.constant 16 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O16]]][] : memref<18xi8> to memref<1xi16>
// CHECK-NEXT:    scf.if
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @mixed_places(%p: i1) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<1xi16>
  scf.if %p {
    memref.dealloc %a : memref<4xf32>
  }
  memref.dealloc %b : memref<1xi16>
  return
}

// -----

// Time anchoring, seen through best-fit reuse: %a is released two ifs
// deep, so its lifetime ends with the outer if. %c, allocated after that
// if while %b is still live, takes %a's bytes at offset 0.
// ANCHOR-LABEL: func.func @anchored_at_the_if
// ANCHOR-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<64xi8>
// ANCHOR-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// ANCHOR-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<64xi8> to memref<8xf32>
// ANCHOR-NEXT:    %[[O32:.*]] = arith.constant 32 : index
// ANCHOR-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O32]]][] : memref<64xi8> to memref<8xf32>
// ANCHOR-NEXT:    scf.if
// ANCHOR-NEXT:      scf.if
// ANCHOR-NEXT:      }
// ANCHOR-NEXT:    }
// ANCHOR-NEXT:    %[[O0B:.*]] = arith.constant 0 : index
// ANCHOR-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0B]]][] : memref<64xi8> to memref<8xf32>
// ANCHOR-NEXT:    return
func.func @anchored_at_the_if(%p: i1, %q: i1) {
  %a = memref.alloc() : memref<8xf32>
  %b = memref.alloc() : memref<8xf32>
  scf.if %p {
    scf.if %q {
      memref.dealloc %a : memref<8xf32>
    }
  }
  %c = memref.alloc() : memref<8xf32>
  memref.dealloc %b : memref<8xf32>
  memref.dealloc %c : memref<8xf32>
  return
}

// -----

// The counterpart: %c is allocated after an unrelated if but before the if
// that releases %a, so %a is still live there and %c goes above both.
// ANCHOR-LABEL: func.func @released_after
// ANCHOR-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<96xi8>
// ANCHOR:         scf.if
// ANCHOR-NEXT:    }
// ANCHOR-NEXT:    %[[O64:.*]] = arith.constant 64 : index
// ANCHOR-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O64]]][] : memref<96xi8> to memref<8xf32>
// ANCHOR-NEXT:    scf.if
func.func @released_after(%p: i1, %q: i1) {
  %a = memref.alloc() : memref<8xf32>
  %b = memref.alloc() : memref<8xf32>
  scf.if %p {
  }
  %c = memref.alloc() : memref<8xf32>
  scf.if %q {
    memref.dealloc %a : memref<8xf32>
  }
  memref.dealloc %b : memref<8xf32>
  memref.dealloc %c : memref<8xf32>
  return
}
