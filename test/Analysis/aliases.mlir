// RUN: pto-opt %s -split-input-file -test-print-aliases -o /dev/null 2>&1 | FileCheck %s

// A select may forward either operand: both allocs flow into it, and the
// chain continues through a second select.
// CHECK-LABEL: aliases @select_chain
// CHECK-NEXT: alloc %a
// CHECK-NEXT: forward: %a %s1 %s2
// CHECK-NEXT: reverse: %a
// CHECK-NEXT: alloc %b
// CHECK-NEXT: forward: %b %s1 %s2
// CHECK-NEXT: reverse: %b
func.func @select_chain(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %s1 = arith.select %c, %a, %b : memref<4xf32>
  %s2 = arith.select %c, %s1, %s1 : memref<4xf32>
  memref.dealloc %s2 : memref<4xf32>
  return
}

// -----

// scf.if results alias the yielded values of both arms; a nested if chains.
// CHECK-LABEL: aliases @if_results
// CHECK-NEXT: alloc %a
// CHECK-NEXT: forward: %a %r1 %r2
// CHECK-NEXT: reverse: %a
// CHECK-NEXT: alloc %b
// CHECK-NEXT: forward: %b %r1 %r2
func.func @if_results(%c: i1, %d: i1) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %r1 = scf.if %c -> (memref<4xf32>) {
    scf.yield %a : memref<4xf32>
  } else {
    scf.yield %b : memref<4xf32>
  }
  %r2 = scf.if %d -> (memref<4xf32>) {
    scf.yield %r1 : memref<4xf32>
  } else {
    scf.yield %a : memref<4xf32>
  }
  memref.dealloc %r2 : memref<4xf32>
  return
}

// -----

// The init of an scf.for flows into the iter_arg and the result; the
// yielded value flows back into the iter_arg and into the result.
// CHECK-LABEL: aliases @for_iter_args
// CHECK-NEXT: alloc %a
// CHECK-NEXT: forward: %a %acc %r
// CHECK-NEXT: reverse: %a
// CHECK-NEXT: alloc %b
// CHECK-NEXT: forward: %acc %b %r
// CHECK-NEXT: reverse: %b
func.func @for_iter_args(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (memref<4xf32>) {
    %b = memref.alloc() : memref<4xf32>
    memref.copy %acc, %b : memref<4xf32> to memref<4xf32>
    memref.dealloc %acc : memref<4xf32>
    scf.yield %b : memref<4xf32>
  }
  memref.dealloc %r : memref<4xf32>
  return
}

// -----

// Branch operands flow into the successor's block arguments.
// CHECK-LABEL: aliases @cf_branches
// CHECK-NEXT: alloc %a
// CHECK-NEXT: forward: %a %m
// CHECK-NEXT: reverse: %a
// CHECK-NEXT: alloc %b
// CHECK-NEXT: forward: %b %m
func.func @cf_branches(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  cf.cond_br %c, ^bb1(%a : memref<4xf32>), ^bb1(%b : memref<4xf32>)
^bb1(%m: memref<4xf32>):
  memref.dealloc %m : memref<4xf32>
  return
}

// -----

// Views of views all alias the allocation they start from; the reverse
// set of the allocation is itself only.
// CHECK-LABEL: aliases @views_of_views
// CHECK-NEXT: alloc %a
// CHECK-NEXT: forward: %a %cast %sub %view
// CHECK-NEXT: reverse: %a
func.func @views_of_views() {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<64xi8>
  %view = memref.view %a[%c0][] : memref<64xi8> to memref<4x4xf32>
  %sub = memref.subview %view[0, 0] [2, 4] [1, 1] : memref<4x4xf32> to memref<2x4xf32, strided<[4, 1]>>
  %cast = memref.cast %sub : memref<2x4xf32, strided<[4, 1]>> to memref<?x4xf32, strided<[4, 1]>>
  memref.dealloc %a : memref<64xi8>
  return
}

// -----

// A call may return any of its operands; an unknown op's result is
// terminal (nothing flows into it).
// CHECK-LABEL: aliases @calls_and_unknown
// CHECK-NEXT: alloc %a
// CHECK-NEXT: forward: %a %r
// CHECK-NEXT: reverse: %a
func.func private @pass_through(memref<4xf32>) -> memref<4xf32>
func.func @calls_and_unknown() {
  %a = memref.alloc() : memref<4xf32>
  %r = func.call @pass_through(%a) : (memref<4xf32>) -> memref<4xf32>
  memref.dealloc %r : memref<4xf32>
  return
}

// -----

// Tile ops: the `into` destination flows into the result; views alias
// their source; in-place accumulation (matmul_acc) aliases its accumulator;
// store's result is the output tensor, not the tile.
// CHECK-LABEL: aliases @tile_ops
// CHECK-NEXT: alloc %mem_vec
// CHECK-NEXT: forward: %mem_vec %r %t
// CHECK-NEXT: reverse: %mem_vec
// CHECK-NEXT: alloc %mem_acc
// CHECK-NEXT: forward: %acc1 %acc2 %m %mem_acc
// CHECK-NEXT: reverse: %mem_acc
func.func @tile_ops(%in: !tile.tensor<16x16xf32>, %out: !tile.tensor<16x16xf32>, %l: !tile.tile<16x16xf16, left>, %rt: !tile.tile<16x16xf16, right>) -> !tile.tensor<16x16xf32> {
  %mem_vec = tile.alloc vec, 1024 : !tile.buf<vec>
  %mem_acc = tile.alloc acc, 1024 : !tile.buf<acc>
  %t = tile.load %in into %mem_vec : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %r = tile.reshape %t : (!tile.tile<16x16xf32, vec>) -> !tile.tile<256x1xf32, vec>
  %m = tile.matmul %l, %rt into %mem_acc : (!tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>) -> !tile.tile<16x16xf32, acc>
  %acc1 = tile.matmul_acc %m, %l, %rt : (!tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>) -> !tile.tile<16x16xf32, acc>
  %acc2 = tile.matmul_acc %acc1, %l, %rt : (!tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>) -> !tile.tile<16x16xf32, acc>
  %s = tile.store %t, %out : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  return %s : !tile.tensor<16x16xf32>
}

// -----

// scf.if results nested to depth 3, with deallocs in the innermost arms:
// every result an allocation is yielded into joins its forward set.
// CHECK-LABEL: aliases @nested_depth3
// CHECK-NEXT: alloc %a
// CHECK-NEXT: forward: %a %r %r2 %r3
// CHECK-NEXT: reverse: %a
// CHECK-NEXT: alloc %b
// CHECK-NEXT: forward: %b %r %r2
// CHECK-NEXT: reverse: %b
// CHECK-NEXT: alloc %x
// CHECK-NEXT: forward: %x
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
