// RUN: pto-opt %s -split-input-file \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis))" | FileCheck %s
// RUN: pto-opt %s -split-input-file --mlir-print-alloc-alignment-property \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis))" \
// RUN:   | FileCheck %s --check-prefix=PROP

// A buffer's offset is a multiple of its allocation's alignment (1 when it
// has none), with padding in between; the arena's alignment is the lcm of
// all of them, so every view is aligned wherever the arena lands.

// Padding: 20 bytes (align 32) at 0; 12 bytes (align 16) padded from 20 to
// 32; 9 bytes (align 64) padded from 44 to 64; 3 bytes (no alignment)
// right after, at 73. Arena: 76 bytes aligned to lcm(32, 16, 64) = 64.
// CHECK-LABEL: func.func @padding
// PROP-LABEL:   func.func @padding
// PROP-NEXT:      memref.alloc() alignment = 64 : memref<76xi8>
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<76xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<76xi8> to memref<5xf32>
// CHECK-NEXT:    %[[O32:.*]] = arith.constant 32 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O32]]][] : memref<76xi8> to memref<6xi16>
// CHECK-NEXT:    %[[O64:.*]] = arith.constant 64 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O64]]][] : memref<76xi8> to memref<9xi8>
// CHECK-NEXT:    %[[O73:.*]] = arith.constant 73 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O73]]][] : memref<76xi8> to memref<3xi8>
// CHECK-NEXT:    return
func.func @padding() {
  %a = memref.alloc() {alignment = 32 : i64} : memref<5xf32>
  memref.dealloc %a : memref<5xf32>
  %b = memref.alloc() {alignment = 16 : i64} : memref<6xi16>
  memref.dealloc %b : memref<6xi16>
  %c = memref.alloc() {alignment = 64 : i64} : memref<9xi8>
  memref.dealloc %c : memref<9xi8>
  %d = memref.alloc() : memref<3xi8>
  memref.dealloc %d : memref<3xi8>
  return
}

// -----

// lcm, not the first or the last alignment: 8 then 32 then 2. The 32-byte
// aligned buffer moves from 6 to 32, the last one follows at 34.
// CHECK-LABEL: func.func @lcm_of_alignments
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 32 : i64} : memref<40xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<40xi8> to memref<3xi16>
// CHECK-NEXT:    %[[O32:.*]] = arith.constant 32 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O32]]][] : memref<40xi8> to memref<2xi8>
// CHECK-NEXT:    %[[O34:.*]] = arith.constant 34 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O34]]][] : memref<40xi8> to memref<3xi16>
// CHECK-NEXT:    return
func.func @lcm_of_alignments() {
  %a = memref.alloc() {alignment = 8 : i64} : memref<3xi16>
  %b = memref.alloc() {alignment = 32 : i64} : memref<2xi8>
  %c = memref.alloc() {alignment = 2 : i64} : memref<3xi16>
  memref.dealloc %a : memref<3xi16>
  memref.dealloc %b : memref<2xi8>
  memref.dealloc %c : memref<3xi16>
  return
}

// -----

// The property syntax of newer MLIR (`alignment = N` without braces) reads
// the same; the arena is printed in the LLVM 22 form unless
// --mlir-print-alloc-alignment-property asks for the property form.
// CHECK-LABEL: func.func @property_syntax
// PROP-LABEL:   func.func @property_syntax
// PROP-NEXT:      memref.alloc() alignment = 16 : memref<20xi8>
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 16 : i64} : memref<20xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<20xi8> to memref<1xi32>
// CHECK-NEXT:    %[[O16:.*]] = arith.constant 16 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O16]]][] : memref<20xi8> to memref<1xi32>
// CHECK-NEXT:    return
func.func @property_syntax() {
  %a = memref.alloc() alignment = 4 : memref<1xi32>
  memref.dealloc %a : memref<1xi32>
  %b = memref.alloc() alignment = 16 : memref<1xi32>
  memref.dealloc %b : memref<1xi32>
  return
}
