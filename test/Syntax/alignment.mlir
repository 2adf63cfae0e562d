// RUN: pto-opt %s -split-input-file | FileCheck %s
// RUN: pto-opt %s -split-input-file --mlir-print-alloc-alignment-property | FileCheck %s --check-prefix=PROP
// RUN: pto-opt %s -split-input-file --mlir-print-alloc-alignment-property | pto-opt -split-input-file | FileCheck %s

// ROUNDTRIP: newer-than-mlir-opt-22 (the input, not the output)
// memref.alloc's alignment in LLVM 22's form `{alignment = 64 : i64}` and
// in the newer property form `alignment = 64`: both read the same; the
// LLVM 22 form is printed unless --mlir-print-alloc-alignment-property
// asks for the newer one.
// CHECK-LABEL: func.func @align(%arg0: index)
// CHECK-NEXT:    %alloc = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
// CHECK-NEXT:    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
// CHECK-NEXT:    %alloca = memref.alloca(%arg0) {alignment = 32 : i64} : memref<?xi8>
// CHECK-NEXT:    %alloc_1 = memref.alloc() {alignment = 128 : i64, xd.tag} : memref<4xf32>
// PROP-LABEL: func.func @align(%arg0: index)
// PROP-NEXT:    %alloc = memref.alloc() alignment = 64 : memref<16xf32>
// PROP-NEXT:    %alloc_0 = memref.alloc() alignment = 64 : memref<16xf32>
// PROP-NEXT:    %alloca = memref.alloca(%arg0) alignment = 32 : memref<?xi8>
// PROP-NEXT:    %alloc_1 = memref.alloc() alignment = 128 {xd.tag} : memref<4xf32>
func.func @align(%arg0: index) {
  %alloc = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  %alloc_0 = memref.alloc() alignment = 64 : memref<16xf32>
  %alloca = memref.alloca(%arg0) alignment = 32 : memref<?xi8>
  %alloc_1 = memref.alloc() alignment = 128 {xd.tag} : memref<4xf32>
  return
}
