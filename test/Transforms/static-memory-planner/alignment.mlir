// RUN: pto-opt %s -split-input-file \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis))" | FileCheck %s
// RUN: pto-opt %s -split-input-file --mlir-print-alloc-alignment-property \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis))" \
// RUN:   | FileCheck %s --check-prefix=PROP

// A buffer's offset is a multiple of its allocation's alignment attribute
// and of its element's ABI alignment, with padding in between; the
// arena's alignment is the lcm of what memref.alloc's lowering would give
// each buffer (its attribute, the element's alignment for vectors and
// complex numbers), so every view is aligned wherever the arena lands.

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

// -----

// An offset is also a multiple of the element's ABI alignment, which the
// lowered loads and stores assume: an f64 buffer whose alignment attribute
// says 2 still starts at 8 after a 3-byte buffer. The arena keeps the
// attribute's alignment: for a scalar element memref.alloc's lowering
// relies on malloc for the rest, and the arena's own allocation gets the
// same.
// CHECK-LABEL: func.func @element_alignment_over_attribute
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 2 : i64} : memref<24xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<24xi8> to memref<3xi8>
// CHECK-NEXT:    %[[O8:.*]] = arith.constant 8 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O8]]][] : memref<24xi8> to memref<2xf64>
// CHECK-NEXT:    return
func.func @element_alignment_over_attribute() {
  %a = memref.alloc() : memref<3xi8>
  %b = memref.alloc() {alignment = 2 : i64} : memref<2xf64>
  memref.dealloc %a : memref<3xi8>
  memref.dealloc %b : memref<2xf64>
  return
}

// -----

// f80 (x86_fp80) and i128 are aligned to 16: x86-64's and AArch64's
// i128:128 (LLVM's default layout would align i128 to 4 only).
// CHECK-LABEL: func.func @f80_and_i128
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<52xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<52xi8> to memref<1xi8>
// CHECK-NEXT:    %[[O16:.*]] = arith.constant 16 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O16]]][] : memref<52xi8> to memref<1xi128>
// CHECK-NEXT:    %[[O32:.*]] = arith.constant 32 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O32]]][] : memref<52xi8> to memref<1xf80>
// CHECK-NEXT:    %[[O48:.*]] = arith.constant 48 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O48]]][] : memref<52xi8> to memref<1xi32>
// CHECK-NEXT:    return
func.func @f80_and_i128() {
  %a = memref.alloc() : memref<1xi8>
  %b = memref.alloc() : memref<1xi128>
  %c = memref.alloc() : memref<1xf80>
  %d = memref.alloc() : memref<1xi32>
  memref.dealloc %a : memref<1xi8>
  memref.dealloc %b : memref<1xi128>
  memref.dealloc %c : memref<1xf80>
  memref.dealloc %d : memref<1xi32>
  return
}

// -----

// memref.alloc's lowering aligns a buffer of vectors itself, to the
// vector's size, since malloc's alignment may be less: the arena is
// aligned to the vector alignment (vector<8xf32>: 32), even where the
// buffer's attribute asks for less, and the offset is a multiple of it.
// CHECK-LABEL: func.func @vector_alignment
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 32 : i64} : memref<96xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<96xi8> to memref<5xi8>
// CHECK-NEXT:    %[[O32:.*]] = arith.constant 32 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O32]]][] : memref<96xi8> to memref<1xvector<8xf32>>
// CHECK-NEXT:    %[[O64:.*]] = arith.constant 64 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O64]]][] : memref<96xi8> to memref<1xvector<8xf32>>
// CHECK-NEXT:    return
func.func @vector_alignment() {
  %a = memref.alloc() : memref<5xi8>
  %b = memref.alloc() : memref<1xvector<8xf32>>
  %c = memref.alloc() {alignment = 4 : i64} : memref<1xvector<8xf32>>
  memref.dealloc %a : memref<5xi8>
  memref.dealloc %b : memref<1xvector<8xf32>>
  memref.dealloc %c : memref<1xvector<8xf32>>
  return
}
