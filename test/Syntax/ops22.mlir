// RUN: pto-opt %s -split-input-file | FileCheck %s
// RUN: pto-opt %s -split-input-file | pto-opt -split-input-file | FileCheck %s

// The ops of LLVM 22's claimed dialects beyond the common ones, each in
// its custom form as mlir-opt prints it.

// arith's extended-result ops: the sum and its carry, the low and high
// halves of a product.
// CHECK-LABEL: func.func @extended
//  CHECK-NEXT:   %s, %o = arith.addui_extended %a, %b : i32, i1
//  CHECK-NEXT:   %l, %h = arith.mulsi_extended %a, %b : i32
//  CHECK-NEXT:   %l2, %h2 = arith.mului_extended %v, %v : vector<4xi32>
func.func @extended(%a: i32, %b: i32, %v: vector<4xi32>) {
  %s, %o = arith.addui_extended %a, %b : i32, i1
  %l, %h = arith.mulsi_extended %a, %b : i32
  %l2, %h2 = arith.mului_extended %v, %v : vector<4xi32>
  return
}

// -----

// Exact divisions and shifts, and element-wise casts of memrefs.
// CHECK-LABEL: func.func @exact_and_memref_casts
//  CHECK-NEXT:   arith.divsi %a, %b exact : i32
//  CHECK-NEXT:   arith.shrui %a, %b exact : i32
//  CHECK-NEXT:   arith.index_cast %m : memref<3xi32> to memref<3xindex>
//  CHECK-NEXT:   arith.bitcast %n : memref<?xi16> to memref<?xbf16>
func.func @exact_and_memref_casts(%a: i32, %b: i32, %m: memref<3xi32>, %n: memref<?xi16>) {
  %0 = arith.divsi %a, %b exact : i32
  %1 = arith.shrui %a, %b exact : i32
  %2 = arith.index_cast %m : memref<3xi32> to memref<3xindex>
  %3 = arith.bitcast %n : memref<?xi16> to memref<?xbf16>
  return
}

// -----

// Scaled float conversions, with rounding mode and fastmath flags.
// CHECK-LABEL: func.func @scaling
//  CHECK-NEXT:   arith.scaling_extf %f, %s : f4E2M1FN, f8E8M0FNU to f32
//  CHECK-NEXT:   arith.scaling_truncf %g, %s to_nearest_even fastmath<fast> : f32, f8E8M0FNU to f4E2M1FN
func.func @scaling(%f: f4E2M1FN, %s: f8E8M0FNU, %g: f32) {
  %0 = arith.scaling_extf %f, %s : f4E2M1FN, f8E8M0FNU to f32
  %1 = arith.scaling_truncf %g, %s to_nearest_even fastmath<fast> : f32, f8E8M0FNU to f4E2M1FN
  return
}

// -----

// builtin.unrealized_conversion_cast, with and without inputs; a function
// as a value, called indirectly.
// CHECK-LABEL: func.func @casts_and_indirect_calls
//  CHECK-NEXT:   builtin.unrealized_conversion_cast %a, %a : i32, i32 to i64, i8
//  CHECK-NEXT:   builtin.unrealized_conversion_cast to i64
//  CHECK-NEXT:   %f = constant @callee : (i32) -> i32
//  CHECK-NEXT:   call_indirect %f(%a) : (i32) -> i32
func.func private @callee(i32) -> i32
func.func @casts_and_indirect_calls(%a: i32) {
  %0:2 = builtin.unrealized_conversion_cast %a, %a : i32, i32 to i64, i8
  %1 = builtin.unrealized_conversion_cast to i64
  %f = func.constant @callee : (i32) -> i32
  %r = func.call_indirect %f(%a) : (i32) -> i32
  return
}

// -----

// A function whose entry block names its arguments itself.
// CHECK-LABEL: func.func @unnamed(%x: f32) -> f32
//  CHECK-NEXT:   return %x : f32
func.func @unnamed(f32) -> f32 {
^bb0(%x: f32):
  return %x : f32
}

// -----

// cf.switch: a default destination and cases, with operands. Case values
// print unsigned in the flag's width, as mlir-opt prints them.
// CHECK-LABEL: func.func @switch
//       CHECK:   cf.switch %flag : i32, [
//  CHECK-NEXT:     default: ^bb1(%a : i32),
//  CHECK-NEXT:     42: ^bb1(%a : i32),
//  CHECK-NEXT:     4294967289: ^bb2
//  CHECK-NEXT:   ]
func.func @switch(%flag: i32, %a: i32) {
  cf.switch %flag : i32, [
    default: ^bb1(%a : i32),
    42: ^bb1(%a : i32),
    -7: ^bb2
  ]
^bb1(%x: i32):
  return
^bb2:
  return
}

// -----

// memref's scopes, atomics, DMA, prefetch, rank, realloc, reshape,
// transpose, alignment assumptions and no-alias assertions.
// CHECK-LABEL: func.func @memref_ops
//       CHECK:   memref.alloca_scope  -> (f32) {
//       CHECK:     memref.alloca_scope.return %v : f32
//       CHECK:   %al = memref.assume_alignment %m, 16 : memref<4xf32>
//  CHECK-NEXT:   memref.atomic_rmw addf %v, %m[%i] : (f32, memref<4xf32>) -> f32
//  CHECK-NEXT:   memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
//  CHECK-NEXT:   ^bb0(%cur: f32):
//       CHECK:     memref.atomic_yield %{{.*}} : f32
//       CHECK:   memref.distinct_objects %m, %m : memref<4xf32>, memref<4xf32>
//  CHECK-NEXT:   memref.dma_start %m[%i], %m[%i], %i, %tag[%i] : memref<4xf32>, memref<4xf32>, memref<1xi32>
//  CHECK-NEXT:   memref.dma_start %m[%i], %m[%i], %i, %tag[%i], %i, %i : memref<4xf32>, memref<4xf32>, memref<1xi32>
//  CHECK-NEXT:   memref.dma_wait %tag[%i], %i : memref<1xi32>
//  CHECK-NEXT:   memref.prefetch %m[%i], read, locality<3>, data : memref<4xf32>
//  CHECK-NEXT:   memref.prefetch %m[%i], write, locality<0>, instr : memref<4xf32>
//  CHECK-NEXT:   memref.rank %u : memref<*xf32>
//  CHECK-NEXT:   memref.realloc %m : memref<4xf32> to memref<8xf32>
//  CHECK-NEXT:   memref.realloc %m(%i) {alignment = 8 : i64} : memref<4xf32> to memref<?xf32>
//  CHECK-NEXT:   %rs = memref.reshape %m(%shape) : (memref<4xf32>, memref<1xindex>) -> memref<?xf32>
//  CHECK-NEXT:   %tr = memref.transpose %d (d0, d1) -> (d1, d0) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
func.func @memref_ops(%m: memref<4xf32>, %u: memref<*xf32>, %i: index, %v: f32, %tag: memref<1xi32>, %shape: memref<1xindex>, %d: memref<?x?xf32>) {
  %s = memref.alloca_scope -> (f32) {
    %a = memref.alloca() : memref<4xf32>
    memref.alloca_scope.return %v : f32
  }
  %al = memref.assume_alignment %m, 16 : memref<4xf32>
  %x = memref.atomic_rmw addf %v, %m[%i] : (f32, memref<4xf32>) -> f32
  %y = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
  ^bb0(%cur: f32):
    %n = arith.addf %cur, %v : f32
    memref.atomic_yield %n : f32
  }
  %o:2 = memref.distinct_objects %m, %m : memref<4xf32>, memref<4xf32>
  memref.dma_start %m[%i], %m[%i], %i, %tag[%i] : memref<4xf32>, memref<4xf32>, memref<1xi32>
  memref.dma_start %m[%i], %m[%i], %i, %tag[%i], %i, %i : memref<4xf32>, memref<4xf32>, memref<1xi32>
  memref.dma_wait %tag[%i], %i : memref<1xi32>
  memref.prefetch %m[%i], read, locality<3>, data : memref<4xf32>
  memref.prefetch %m[%i], write, locality<0>, instr : memref<4xf32>
  %r = memref.rank %u : memref<*xf32>
  %re = memref.realloc %m : memref<4xf32> to memref<8xf32>
  %re2 = memref.realloc %m(%i) {alignment = 8} : memref<4xf32> to memref<?xf32>
  %rs = memref.reshape %m(%shape) : (memref<4xf32>, memref<1xindex>) -> memref<?xf32>
  %tr = memref.transpose %d (i, j) -> (j, i) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
  return
}

// -----

// scf.execute_region, with results, several blocks and no_inline.
// CHECK-LABEL: func.func @execute_region
//  CHECK-NEXT:   scf.execute_region -> i32 {
//       CHECK:   scf.execute_region -> i32 no_inline {
//       CHECK:     cf.br ^bb1
func.func @execute_region() -> i32 {
  %r = scf.execute_region -> i32 {
    %c = arith.constant 1 : i32
    scf.yield %c : i32
  }
  %s = scf.execute_region -> i32 no_inline {
    %c = arith.constant 2 : i32
    cf.br ^bb1(%c : i32)
  ^bb1(%z: i32):
    scf.yield %z : i32
  }
  return %s : i32
}

// -----

// scf.index_switch: a region per case, the default last.
// CHECK-LABEL: func.func @index_switch
//       CHECK:   scf.index_switch %i -> i32
//  CHECK-NEXT:   case 2 {
//       CHECK:   default {
func.func @index_switch(%i: index) -> i32 {
  %0 = scf.index_switch %i -> i32
  case 2 {
    %c = arith.constant 10 : i32
    scf.yield %c : i32
  }
  default {
    %c = arith.constant 30 : i32
    scf.yield %c : i32
  }
  return %0 : i32
}

// -----

// scf.index_switch without results: the attribute dictionary comes before
// the cases, the cases print their yields and the default region does not.
// CHECK-LABEL: func.func @index_switch_no_results
//  CHECK-NEXT:   scf.index_switch %i {xd.k} {{$}}
//  CHECK-NEXT:   case 1 {
//  CHECK-NEXT:     scf.yield
//  CHECK-NEXT:   }
//  CHECK-NEXT:   case -2 {
//  CHECK-NEXT:     scf.yield
//  CHECK-NEXT:   }
//  CHECK-NEXT:   default {
//  CHECK-NEXT:   }
func.func @index_switch_no_results(%i: index) {
  scf.index_switch %i {xd.k}
  case 1 {
    scf.yield
  }
  case -2 {
    scf.yield
  }
  default {
  }
  return
}

// -----

// scf.parallel with and without a reduction; scf.forall in both forms.
// CHECK-LABEL: func.func @parallel
//       CHECK:   scf.parallel (%a, %b) = (%i, %i) to (%n, %n) step (%i, %i) {
//       CHECK:     scf.reduce
//       CHECK:   scf.parallel (%a) = (%i) to (%n) step (%i) init (%f) -> f32 {
//       CHECK:     scf.reduce(%f : f32) {
//       CHECK:       scf.reduce.return %{{.*}} : f32
//       CHECK:   scf.forall (%a, %b) in (%n, 4) {
//       CHECK:   scf.forall (%a) = (0) to (%n) step (2) {
func.func @parallel(%i: index, %n: index, %m: memref<4xf32>, %f: f32) {
  scf.parallel (%a, %b) = (%i, %i) to (%n, %n) step (%i, %i) {
    memref.store %f, %m[%a] : memref<4xf32>
  }
  %red = scf.parallel (%a) = (%i) to (%n) step (%i) init (%f) -> f32 {
    scf.reduce(%f : f32) {
    ^bb0(%l: f32, %r: f32):
      %s = arith.addf %l, %r : f32
      scf.reduce.return %s : f32
    }
  }
  scf.forall (%a, %b) in (%n, 4) {
    memref.store %f, %m[%a] : memref<4xf32>
  }
  scf.forall (%a) = (0) to (%n) step (2) {
    memref.store %f, %m[%a] : memref<4xf32>
  }
  return
}

// -----

// bufferization's alloc_tensor, dealloc_tensor, materialize_in_destination
// and dealloc (conditions, retained values and their ownership results).
// CHECK-LABEL: func.func @bufferization_ops
//  CHECK-NEXT:   bufferization.alloc_tensor(%d) : tensor<?xf32>
//  CHECK-NEXT:   bufferization.alloc_tensor() copy(%t) : tensor<?xf32>
//  CHECK-NEXT:   bufferization.alloc_tensor(%d) size_hint=%d : tensor<?xf32>
//  CHECK-NEXT:   bufferization.dealloc (%m, %n : memref<4xf32>, memref<?xi32>) if (%c, %c)
//  CHECK-NEXT:   bufferization.dealloc (%m : memref<4xf32>) if (%c) retain (%n, %m : memref<?xi32>, memref<4xf32>)
//  CHECK-NEXT:   bufferization.dealloc
//  CHECK-NEXT:   bufferization.dealloc_tensor %t : tensor<?xf32>
//  CHECK-NEXT:   bufferization.materialize_in_destination %t in %0 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
//  CHECK-NEXT:   bufferization.materialize_in_destination %t in restrict writable %p : (tensor<?xf32>, memref<?xf32>) -> ()
func.func @bufferization_ops(%m: memref<4xf32>, %n: memref<?xi32>, %p: memref<?xf32>, %c: i1, %d: index, %t: tensor<?xf32>) {
  %0 = bufferization.alloc_tensor(%d) : tensor<?xf32>
  %1 = bufferization.alloc_tensor() copy(%t) : tensor<?xf32>
  %2 = bufferization.alloc_tensor(%d) size_hint=%d : tensor<?xf32>
  bufferization.dealloc (%m, %n : memref<4xf32>, memref<?xi32>) if (%c, %c)
  %r:2 = bufferization.dealloc (%m : memref<4xf32>) if (%c) retain (%n, %m : memref<?xi32>, memref<4xf32>)
  bufferization.dealloc
  bufferization.dealloc_tensor %t : tensor<?xf32>
  %3 = bufferization.materialize_in_destination %t in %0 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  bufferization.materialize_in_destination %t in restrict writable %p : (tensor<?xf32>, memref<?xf32>) -> ()
  return
}
