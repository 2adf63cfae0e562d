// RUN: pto-opt %s -split-input-file -init-memref | FileCheck %s
// RUN: pto-opt %s -split-input-file -init-memref -materialize-semantic-aliases -check-tile-placement -o /dev/null

// One allocation per tile, sized product(shape) * element bytes (f32 4,
// f16 2, i8 1; a valid region does not shrink it), named mem_<space>_<n>,
// hoisted to the function entry in program order even when the producer
// is nested in a loop or an if; every producer writes `into` its own.
// CHECK-LABEL: func.func @sizes_and_hoisting
// CHECK-NEXT:  %[[V0:.*]] = tile.alloc vec, 16384 : !tile.buf<vec>
// CHECK-NEXT:  %[[M0:.*]] = tile.alloc mat, 8192 : !tile.buf<mat>
// CHECK-NEXT:  %[[V1:.*]] = tile.alloc vec, 4096 : !tile.buf<vec>
// CHECK-NEXT:  %[[V2:.*]] = tile.alloc vec, 256 : !tile.buf<vec>
// CHECK-NEXT:  arith.constant
// CHECK-NOT:   tile.alloc
// CHECK:       %a = tile.load %in into %[[V0]]
// CHECK-NEXT:  %b = tile.load %h into %[[M0]]
// CHECK:       scf.for
// CHECK-NEXT:    %c = tile.cast %a into %[[V1]]
// CHECK:           %d = tile.row_sum %a into %[[V2]]
func.func @sizes_and_hoisting(%in: !tile.tensor<64x64xf32>, %h: !tile.tensor<32x128xf16>, %n: index, %flag: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  %b = tile.load %h {offsets = [0, 0]} : (!tile.tensor<32x128xf16>) -> !tile.tile<32x128xf16, mat>
  scf.for %i = %c0 to %n step %c1 {
    %c = tile.cast %a : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xi8, vec>
    scf.if %flag {
      %d = tile.row_sum %a : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x1xf32, vec>
    }
  }
  return
}

// -----

// Tiles that share their source's allocation get none: views (reshape,
// slice, reinterpret) take no `into`, tile.store's result is the output
// tensor, and matmul_acc writes in place into its accumulator. Only the
// load, the exp, the two cube operands and the matmul get allocations.
// CHECK-LABEL: func.func @sharing
// CHECK-COUNT-5: tile.alloc
// CHECK-NOT:   tile.alloc
// CHECK:       %r = tile.reshape %a : (
// CHECK-NEXT:  %s = tile.slice %r, %i {offsets = [16, 0]} : (
// CHECK-NEXT:  %t = tile.reinterpret %s : (
// CHECK-NEXT:  %e = tile.exp %t into %{{.*}} :
// CHECK-NEXT:  %o = tile.store %e, %out {offsets = [0, 0]} :
// CHECK:       %acc = tile.matmul %l, %rt into %{{.*}} :
// CHECK-NEXT:  %acc2 = tile.matmul_acc %acc, %l, %rt :
func.func @sharing(%in: !tile.tensor<64x64xf32>, %out: !tile.tensor<16x64xi32>, %lh: !tile.tensor<16x16xf16>, %i: index) -> !tile.tensor<16x64xi32> {
  %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  %r = tile.reshape %a : (!tile.tile<64x64xf32, vec>) -> !tile.tile<32x128xf32, vec>
  %s = tile.slice %r, %i {offsets = [16, 0]} : (!tile.tile<32x128xf32, vec>, index) -> !tile.tile<8x128xf32, vec>
  %t = tile.reinterpret %s : (!tile.tile<8x128xf32, vec>) -> !tile.tile<16x64xi32, vec>
  %e = tile.exp %t : (!tile.tile<16x64xi32, vec>) -> !tile.tile<16x64xi32, vec>
  %o = tile.store %e, %out {offsets = [0, 0]} : (!tile.tile<16x64xi32, vec>, !tile.tensor<16x64xi32>) -> !tile.tensor<16x64xi32>
  %l = tile.load %lh {offsets = [0, 0]} : (!tile.tensor<16x16xf16>) -> !tile.tile<16x16xf16, left>
  %rt = tile.load %lh {offsets = [0, 0]} : (!tile.tensor<16x16xf16>) -> !tile.tile<16x16xf16, right>
  %acc = tile.matmul %l, %rt : (!tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>) -> !tile.tile<16x16xf32, acc>
  %acc2 = tile.matmul_acc %acc, %l, %rt : (!tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>) -> !tile.tile<16x16xf32, acc>
  return %o : !tile.tensor<16x64xi32>
}

// -----

// Loop and if results share the yielded value's allocation: scf.for and
// scf.if get no allocation of their own, only the producers inside them
// (and before them) do.
// CHECK-LABEL: func.func @region_results
// CHECK-COUNT-4: tile.alloc vec, 1024
// CHECK-NOT:   tile.alloc
// CHECK:       %r = scf.for
// CHECK:       %y = scf.if
func.func @region_results(%in: !tile.tensor<16x16xf32>, %n: index, %flag: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tile.load %in : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> (!tile.tile<16x16xf32, vec>) {
    %x2 = tile.exp %x : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    scf.yield %x2 : !tile.tile<16x16xf32, vec>
  }
  %y = scf.if %flag -> (!tile.tile<16x16xf32, vec>) {
    %p = tile.abs %r : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    scf.yield %p : !tile.tile<16x16xf32, vec>
  } else {
    %q = tile.neg %r : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    scf.yield %q : !tile.tile<16x16xf32, vec>
  }
  return
}

// -----

// A declared (pinned) allocation keeps its tiles and is sized by the
// largest tile bound to it, counting the byte offset (4096 + 8192 here,
// not the 1 the author wrote); it is hoisted ahead of the new ones, and
// the unbound tile gets its own allocation.
// CHECK-LABEL: func.func @pinned_sizing
// CHECK-NEXT:  %ping = tile.alloc vec, 12288 {pinned} : !tile.buf<vec>
// CHECK-NEXT:  %[[M:.*]] = tile.alloc vec, 4096 : !tile.buf<vec>
// CHECK-NEXT:  arith.constant
// CHECK:       %a = tile.load %in into %ping :
// CHECK-NEXT:  %b = tile.exp %a into %[[M]] :
// CHECK-NEXT:  %c = tile.load %in into %ping + 4096 :
func.func @pinned_sizing(%in: !tile.tensor<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %ping = tile.alloc vec, 1 {pinned} : !tile.buf<vec>
  %a = tile.load %in into %ping : (!tile.tensor<64x64xf32>) -> !tile.tile<32x32xf32, vec>
  %b = tile.exp %a : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
  %c = tile.load %in into %ping + 4096 : (!tile.tensor<64x64xf32>) -> !tile.tile<32x64xf32, vec>
  return
}

// -----

// Two tiles bound to one declared allocation one after the other (the
// first dies at the exp that reads it before the second load) are fine:
// the author reuses the slot on purpose.
// CHECK-LABEL: func.func @pinned_sequential
// CHECK:       %a = tile.load %in into %p :
// CHECK:       %c = tile.load %in into %p :
func.func @pinned_sequential(%in: !tile.tensor<64x64xf32>) {
  %p = tile.alloc vec, 16384 {pinned} : !tile.buf<vec>
  %a = tile.load %in into %p : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  %b = tile.exp %a : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  %c = tile.load %in into %p : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  %d = tile.add %b, %c : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  return
}
