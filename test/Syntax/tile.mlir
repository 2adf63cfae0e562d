// RUN: pto-opt %s -split-input-file | FileCheck %s
// RUN: pto-opt %s -split-input-file | pto-opt -split-input-file | FileCheck %s
// RUN: pto-opt %s -split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: pto-opt %s -split-input-file --mlir-print-op-generic | pto-opt -split-input-file | FileCheck %s

// Tile types: a global tensor, tiles in on-chip spaces (with a valid
// region), allocation roots.
// CHECK: func.func private @types(!tile.tensor<128x128xf32>, !tile.tile<64x64xf16, vec>, !tile.tile<64x64xf32, acc, valid = 32x64>, !tile.buf<mat>, !tile.tensor<f32>)
func.func private @types(!tile.tensor<128x128xf32>, !tile.tile<64x64xf16, vec>, !tile.tile<64x64xf32, acc, valid = 32x64>, !tile.buf<mat>, !tile.tensor<f32>)

// -----

// A rank-0 tile is spelled, and printed back, as its element type alone.
// CHECK: func.func private @rank0(!tile.tile<f32, vec>)
func.func private @rank0(!tile.tile<f32, vec>)

// -----

// tile.alloc: space, size, optional address and pinned flag; the result
// is named after its space.
// CHECK-LABEL: func.func @allocs()
// CHECK-NEXT:    %mem_vec = tile.alloc vec, 16384 : !tile.buf<vec>
// CHECK-NEXT:    %mem_vec_0 = tile.alloc vec, 16384 {addr = 0} : !tile.buf<vec>
// CHECK-NEXT:    %mem_mat = tile.alloc mat, 8192 {pinned} : !tile.buf<mat>
// CHECK-NEXT:    %mem_acc = tile.alloc acc, 4096 {addr = 128, pinned} : !tile.buf<acc>
// GENERIC:       %0 = "tile.alloc"() <{size = 16384 : i64}> : () -> !tile.buf<vec>
// GENERIC:       %1 = "tile.alloc"() <{size = 16384 : i64}> {addr = 0 : i64} : () -> !tile.buf<vec>
func.func @allocs() {
  %0 = tile.alloc vec, 16384 : !tile.buf<vec>
  %1 = tile.alloc vec, 16384 {addr = 0} : !tile.buf<vec>
  %2 = tile.alloc mat, 8192 {pinned} : !tile.buf<mat>
  %3 = tile.alloc acc, 4096 {pinned, addr = 128} : !tile.buf<acc>
  return
}

// -----

// The uniform op form: operands, optional `into %buf [+ offset]`, attrs,
// (operand types) -> result type. The destination is the last operand in
// generic form, marked by operandSegmentSizes.
// CHECK-LABEL: func.func @simple(%in: !tile.tensor<64x64xf32>, %out: !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32>
// CHECK-NEXT:    %mem_vec_0 = tile.alloc vec, 16384 : !tile.buf<vec>
// CHECK-NEXT:    %mem_vec_1 = tile.alloc vec, 32768 : !tile.buf<vec>
// CHECK-NEXT:    %a = tile.load %in into %mem_vec_0 {offsets = [0, 0]} : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
// CHECK-NEXT:    %b = tile.add %a, %a into %mem_vec_1 + 16384 : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
// CHECK-NEXT:    %c = tile.exp %b : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
// CHECK-NEXT:    %r = tile.store %c, %out {offsets = [0, 0]} : (!tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32>
// CHECK-NEXT:    return %r : !tile.tensor<64x64xf32>
// GENERIC:       %a = "tile.load"(%in, %mem_vec_0) <{operandSegmentSizes = array<i32: 1, 1>}> {offsets = [0, 0]} : (!tile.tensor<64x64xf32>, !tile.buf<vec>) -> !tile.tile<64x64xf32, vec>
// GENERIC-NEXT:  %b = "tile.add"(%a, %a, %mem_vec_1) <{offset = 16384 : i64, operandSegmentSizes = array<i32: 2, 1>}> : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>, !tile.buf<vec>) -> !tile.tile<64x64xf32, vec>
// GENERIC-NEXT:  %c = "tile.exp"(%b) : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
func.func @simple(%in: !tile.tensor<64x64xf32>, %out: !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32> {
  %mem_vec_0 = tile.alloc vec, 16384 : !tile.buf<vec>
  %mem_vec_1 = tile.alloc vec, 32768 : !tile.buf<vec>
  %a = tile.load %in into %mem_vec_0 {offsets = [0, 0]} : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  %b = tile.add %a, %a into %mem_vec_1 + 16384 : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  %c = tile.exp %b : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  %r = tile.store %c, %out {offsets = [0, 0]} : (!tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32>
  return %r : !tile.tensor<64x64xf32>
}

// -----

// Views take no destination; matmul accumulates in place; ops without
// operands (full) and with scalar operands.
// CHECK-LABEL: func.func @views_and_matmul
// CHECK:         %v = tile.reshape %t : (!tile.tile<64x64xf16, mat>) -> !tile.tile<32x128xf16, mat>
// CHECK-NEXT:    %s = tile.slice %t {offsets = [0, 0], sizes = [32, 64]} : (!tile.tile<64x64xf16, mat>) -> !tile.tile<32x64xf16, mat>
// CHECK-NEXT:    %z = tile.matmul %l, %r : (!tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>) -> !tile.tile<64x64xf32, acc>
// CHECK-NEXT:    %m = tile.matmul_acc %z, %l, %r : (!tile.tile<64x64xf32, acc>, !tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>) -> !tile.tile<64x64xf32, acc>
// CHECK-NEXT:    %e = tile.full {value = 0.000000e+00 : f32} : () -> !tile.tile<64x64xf32, vec>
// CHECK-NEXT:    %x = tile.muls %e, %f : (!tile.tile<64x64xf32, vec>, f32) -> !tile.tile<64x64xf32, vec>
func.func @views_and_matmul(%t: !tile.tile<64x64xf16, mat>, %l: !tile.tile<64x64xf16, left>, %r: !tile.tile<64x64xf16, right>, %f: f32) {
  %v = tile.reshape %t : (!tile.tile<64x64xf16, mat>) -> !tile.tile<32x128xf16, mat>
  %s = tile.slice %t {offsets = [0, 0], sizes = [32, 64]} : (!tile.tile<64x64xf16, mat>) -> !tile.tile<32x64xf16, mat>
  %z = tile.matmul %l, %r : (!tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>) -> !tile.tile<64x64xf32, acc>
  %m = tile.matmul_acc %z, %l, %r : (!tile.tile<64x64xf32, acc>, !tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>) -> !tile.tile<64x64xf32, acc>
  %e = tile.full {value = 0.0 : f32} : () -> !tile.tile<64x64xf32, vec>
  %x = tile.muls %e, %f : (!tile.tile<64x64xf32, vec>, f32) -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// Tiles carried through scf.for and returned from scf.if.
// CHECK-LABEL: func.func @control(%a: !tile.tensor<64x64xf32>, %flag: i1, %n: index)
// CHECK:         %acc = scf.for %k = %c0 to %n step %c1 iter_args(%acc_in = %init) -> (!tile.tile<64x64xf32, vec>) {
// CHECK-NEXT:      %next = tile.add %acc_in, %acc_in : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
// CHECK-NEXT:      scf.yield %next : !tile.tile<64x64xf32, vec>
// CHECK-NEXT:    }
// CHECK-NEXT:    %y = scf.if %flag -> (!tile.tile<64x64xf32, vec>) {
// CHECK-NEXT:      %e = tile.exp %acc : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
// CHECK-NEXT:      scf.yield %e : !tile.tile<64x64xf32, vec>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %acc : !tile.tile<64x64xf32, vec>
// CHECK-NEXT:    }
func.func @control(%a: !tile.tensor<64x64xf32>, %flag: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = tile.load %a {offsets = [0, 0]} : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  %acc = scf.for %k = %c0 to %n step %c1 iter_args(%acc_in = %init) -> (!tile.tile<64x64xf32, vec>) {
    %next = tile.add %acc_in, %acc_in : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
    scf.yield %next : !tile.tile<64x64xf32, vec>
  }
  %y = scf.if %flag -> (!tile.tile<64x64xf32, vec>) {
    %e = tile.exp %acc : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
    scf.yield %e : !tile.tile<64x64xf32, vec>
  } else {
    scf.yield %acc : !tile.tile<64x64xf32, vec>
  }
  return
}

// -----

// The target as a module attribute.
// CHECK: module attributes {tile.target = "ascend910b"} {
module attributes {tile.target = "ascend910b"} {
}
