// RUN: pto-opt %s -verify-diagnostics \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis{algorithm=dsa-rp remarks=1}))" \
// RUN:   | FileCheck %s
// RUN: pto-opt %s -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis{algorithm=best-fit}))" \
// RUN:   | FileCheck %s --check-prefix=BF
// RUN: pto-opt %s -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis{algorithm=ffd}))" \
// RUN:   | FileCheck %s --check-prefix=FFD

// algorithm=dsa-rp (beyond upstream): constructive heuristics, then an
// exact search over canonical placements that proves the smallest arena
// when it finishes within its work budget (work=, counted in search steps,
// so a busy machine cannot change the outcome; it stops once proven). Both
// greedy planners miss the optimum, each for its own reason.
//
// Two phases, one after the other. First x and y (32 bytes each); then x
// dies and z (64) comes while y lives. Optimum 96: y at 64, x and z at 0.
// best-fit places x at 0 and y right after it at 32, so z cannot go below
// y and lands on top: 128. Then a (96) alone, then b and c (48 each)
// together: b and c side by side in a's bytes is optimal. ffd, largest
// first, has a, z and b share one 96-byte slot, so c needs a slot of its
// own (which y joins): 144. 96 bytes are live at once at the peak, so 96
// is a lower bound, and dsa-rp proves it reaches it.

// expected-remark @below {{static-memory-planner (dsa-rp): arena of 96 bytes for 6 buffers in memory space 'default'; lower bound 96 bytes, proven optimal; 224 bytes saved against no sharing}}
func.func @two_phases(%v: f32) {
  %i = arith.constant 0 : index
  %x = memref.alloc() : memref<8xf32>
  %y = memref.alloc() : memref<8xf32>
  memref.store %v, %x[%i] : memref<8xf32>
  memref.store %v, %y[%i] : memref<8xf32>
  memref.dealloc %x : memref<8xf32>
  %z = memref.alloc() : memref<16xf32>
  memref.store %v, %z[%i] : memref<16xf32>
  memref.dealloc %z : memref<16xf32>
  memref.store %v, %y[%i] : memref<8xf32>
  memref.dealloc %y : memref<8xf32>
  %a = memref.alloc() : memref<24xf32>
  memref.store %v, %a[%i] : memref<24xf32>
  memref.dealloc %a : memref<24xf32>
  %b = memref.alloc() : memref<12xf32>
  %c = memref.alloc() : memref<12xf32>
  memref.store %v, %b[%i] : memref<12xf32>
  memref.store %v, %c[%i] : memref<12xf32>
  memref.dealloc %b : memref<12xf32>
  memref.dealloc %c : memref<12xf32>
  return
}
// CHECK-LABEL: func.func @two_phases
// CHECK:         memref.alloc() {alignment = 1 : i64} : memref<96xi8>
// CHECK-NOT:     memref.alloc
// BF-LABEL:    func.func @two_phases
// BF:            memref.alloc() {alignment = 1 : i64} : memref<128xi8>
// FFD-LABEL:   func.func @two_phases
// FFD:           memref.alloc() {alignment = 1 : i64} : memref<144xi8>
