// RUN: pto-opt %s -split-input-file -memory-reuse -check-tile-placement | FileCheck %s

// Tiles living only in the two arms of an scf.if share a buffer; so does a
// tile after the if, once both arms' tiles are dead.
// CHECK-LABEL: func.func @exclusive_arms
// CHECK:      %x = tile.load %in into %[[X:[a-z0-9_]+]]
// CHECK:      %a = tile.exp %x into %[[M:[a-z0-9_]+]]
// CHECK:      %b = tile.neg %x into %[[M]]
// CHECK:      %y = tile.exp %x into %[[M]]
func.func @exclusive_arms(%in: !tile.tensor<16x16xf32>, %c: i1) {
  %m0 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m1 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m2 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m3 = tile.alloc vec, 1024 : !tile.buf<vec>
  %x = tile.load %in into %m0 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  scf.if %c {
    %a = tile.exp %x into %m1 : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    %s = tile.store %a, %in : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  } else {
    %b = tile.neg %x into %m2 : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    %s = tile.store %b, %in : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  }
  %y = tile.exp %x into %m3 : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  return
}

// -----

// Loop-aware extension: %x is defined before the loop and read inside it,
// so it stays live through every iteration and no tile of the body may
// take its buffer, although the body's tiles are defined after %x's last
// read in program order.
// CHECK-LABEL: func.func @loop_aware
// CHECK:      %x = tile.load %in into %[[X:[a-z0-9_]+]]
// CHECK-NOT:  into %[[X]]
// CHECK:      return
func.func @loop_aware(%in: !tile.tensor<16x16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m0 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m1 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m2 = tile.alloc vec, 1024 : !tile.buf<vec>
  %x = tile.load %in into %m0 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  scf.for %i = %c0 to %n step %c1 {
    %t = tile.exp %x into %m1 : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    %u = tile.neg %t into %m2 : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    %s = tile.store %u, %in : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  }
  return
}

// -----

// Yield fixup without materialize-semantic-aliases: the carry's init and
// the yielded value sit in different allocations; memory-reuse gives the
// loop one buffer. The shift register (lag2 = lag1; lag1 = v) needs copies,
// and they are ordered so lag1 is copied out before v overwrites it.
// CHECK-LABEL: func.func @shift_register
// CHECK:      %x = tile.load %in into %[[L1:[a-z0-9_]+]]
// CHECK-NEXT: %y = tile.load %in into %[[L2:[a-z0-9_]+]]
// CHECK:      %v = tile.load %in into
// CHECK-NEXT: %[[C2:.*]] = tile.move %lag1 into %[[L2]]
// CHECK-NEXT: %[[C1:.*]] = tile.move %v into %[[L1]]
// CHECK-NEXT: scf.yield %[[C1]], %[[C2]]
func.func @shift_register(%in: !tile.tensor<16x16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m0 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m1 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m2 = tile.alloc vec, 1024 : !tile.buf<vec>
  %x = tile.load %in into %m0 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %y = tile.load %in into %m1 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%lag1 = %x, %lag2 = %y) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
    %v = tile.load %in into %m2 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
    scf.yield %v, %lag1 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
  }
  return
}

// -----

// A swap has no valid copy order: one side goes through a scratch buffer
// hoisted to the function entry.
// CHECK-LABEL: func.func @swap
// CHECK:      %[[SCRATCH:[a-z0-9_]+]] = tile.alloc vec, 1024
// CHECK:      %x = tile.load %in into %[[A:[a-z0-9_]+]]
// CHECK-NEXT: %y = tile.load %in into %[[B:[a-z0-9_]+]]
// CHECK:      %[[S:.*]] = tile.move %b into %[[SCRATCH]]
// CHECK-NEXT: %[[NB:.*]] = tile.move %a into %[[B]]
// CHECK-NEXT: %[[NA:.*]] = tile.move %[[S]] into %[[A]]
// CHECK-NEXT: scf.yield %[[NA]], %[[NB]]
func.func @swap(%in: !tile.tensor<16x16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m0 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m1 = tile.alloc vec, 1024 : !tile.buf<vec>
  %x = tile.load %in into %m0 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %y = tile.load %in into %m1 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %y) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
    scf.yield %b, %a : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
  }
  return
}

// -----

// Accumulator if-phi coalescing (the peeled split-K idiom): the k == 0 arm
// seeds a fresh matmul, the other accumulates in place into the carried
// accumulator. The seed is retargeted onto the accumulator's buffer (it is
// produced inside its arm and nothing in that arm reads the accumulator
// after it), so no acc-to-acc tile.move is needed.
// CHECK-LABEL: func.func @acc_if_phi
// CHECK:      %init = tile.matmul %l0, %r0 into %[[ACC:[a-z0-9_]+]]
// CHECK:      %seed = tile.matmul %l0, %r0 into %[[ACC]]
// CHECK:      tile.matmul_acc %acc
// CHECK-NOT:  tile.move
// CHECK:      return
func.func @acc_if_phi(%a: !tile.tensor<64x64xf16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ml = tile.alloc left, 8192 : !tile.buf<left>
  %mr = tile.alloc right, 8192 : !tile.buf<right>
  %ma0 = tile.alloc acc, 16384 : !tile.buf<acc>
  %ma1 = tile.alloc acc, 16384 : !tile.buf<acc>
  %l0 = tile.load %a into %ml : (!tile.tensor<64x64xf16>) -> !tile.tile<64x64xf16, left>
  %r0 = tile.load %a into %mr : (!tile.tensor<64x64xf16>) -> !tile.tile<64x64xf16, right>
  %init = tile.matmul %l0, %r0 into %ma0 : (!tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>) -> !tile.tile<64x64xf32, acc>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %init) -> (!tile.tile<64x64xf32, acc>) {
    %first = arith.cmpi eq, %k, %c0 : index
    %c = scf.if %first -> (!tile.tile<64x64xf32, acc>) {
      %seed = tile.matmul %l0, %r0 into %ma1 : (!tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>) -> !tile.tile<64x64xf32, acc>
      scf.yield %seed : !tile.tile<64x64xf32, acc>
    } else {
      %next = tile.matmul_acc %acc, %l0, %r0 : (!tile.tile<64x64xf32, acc>, !tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>) -> !tile.tile<64x64xf32, acc>
      scf.yield %next : !tile.tile<64x64xf32, acc>
    }
    scf.yield %c : !tile.tile<64x64xf32, acc>
  }
  return
}
