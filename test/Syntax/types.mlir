// RUN: pto-opt %s -split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: pto-opt %s -split-input-file --allow-unregistered-dialect | pto-opt -split-input-file --allow-unregistered-dialect | FileCheck %s

// Integer types (signless, signed, unsigned, any width) and index.
// CHECK: func.func private @ints(i1, i7, i32, i64, i128, si8, ui16, index)
func.func private @ints(i1, i7, i32, i64, i128, si8, ui16, index)

// -----

// Float types and none.
// CHECK: func.func private @floats(f16, bf16, f32, f64, f80, f128, tf32, f8E4M3FN)
// CHECK: func.func private @none(none) -> none
func.func private @floats(f16, bf16, f32, f64, f80, f128, tf32, f8E4M3FN)
func.func private @none(none) -> none

// -----

// memref: static, dynamic, 0-d and zero-sized shapes, unranked, strided
// and affine-map layouts (the map printed through an alias), integer and
// string memory spaces.
// CHECK:      #map = affine_map<(d0, d1) -> (d1, d0)>
// CHECK:      func.func private @memrefs(memref<4x?xf32>, memref<f32>, memref<0xf32>, memref<2x0x3xi8>, memref<*xf32>, memref<*xf32, 1>)
// CHECK-NEXT: func.func private @layouts(memref<4xf32, strided<[1]>>, memref<4x4xf32, strided<[?, 1], offset: ?>>, memref<2x2xf32, #map, 3>, memref<4xf32, "gpu">, memref<4xf32, 2 : i32>, memref<8xf32, strided<[2], offset: 4>, 1>)
func.func private @memrefs(memref<4x?xf32>, memref<f32>, memref<0xf32>, memref<2x0x3xi8>, memref<*xf32>, memref<*xf32, 1>)
func.func private @layouts(memref<4xf32, strided<[1]>>, memref<4x4xf32, strided<[?, 1], offset: ?>>, memref<2x2xf32, affine_map<(d0, d1) -> (d1, d0)>, 3>, memref<4xf32, "gpu">, memref<4xf32, 2 : i32>, memref<8xf32, strided<[2], offset: 4>, 1>)

// -----

// tensor: ranked, dynamic, unranked, 0-d, with an encoding.
// CHECK: func.func private @tensors(tensor<4x?xf32>, tensor<*xi8>, tensor<f32>, tensor<4xf32, #xd.enc>, tensor<4xf32, "enc">)
func.func private @tensors(tensor<4x?xf32>, tensor<*xi8>, tensor<f32>, tensor<4xf32, #xd.enc>, tensor<4xf32, "enc">)

// -----

// vector: fixed, scalable dimensions, 0-d.
// CHECK: func.func private @vectors(vector<4xf32>, vector<2x[4]xi1>, vector<[8]xf16>, vector<f32>)
func.func private @vectors(vector<4xf32>, vector<2x[4]xi1>, vector<[8]xf16>, vector<f32>)

// -----

// tuple, complex and function types (nested function types in parentheses).
// CHECK: func.func private @tuples(tuple<>, tuple<i32, f32>, tuple<tuple<index>, memref<2xf32>>, complex<f32>, complex<i8>)
// CHECK: func.func private @funcs((i32) -> i32, () -> (), (i32, f32) -> (f32, i32), ((i32) -> i32) -> ((f32) -> f32))
func.func private @tuples(tuple<>, tuple<i32, f32>, tuple<tuple<index>, memref<2xf32>>, complex<f32>, complex<i8>)
func.func private @funcs((i32) -> i32, () -> (), (i32, f32) -> (f32, i32), ((i32) -> i32) -> ((f32) -> f32))

// -----

// Opaque dialect types !d.name and !d.name<...> are kept verbatim, nested
// brackets and strings included.
// CHECK: func.func private @opaque(!xd.foo, !xd.bar<"x", 1>, !llvm.ptr, !xd.nested<tensor<4xf32>, <1>>, !xd.s<"a>b">)
func.func private @opaque(!xd.foo, !xd.bar<"x", 1>, !llvm.ptr, !xd.nested<tensor<4xf32>, <1>>, !xd.s<"a>b">)

// -----

// Type aliases are resolved (and not printed back).
// CHECK-NOT:  !buf =
// CHECK:      func.func private @aliased(memref<4xf32, 2>, tensor<2x!xd.elt>)
!buf = memref<4xf32, 2>
!elt = !xd.elt
func.func private @aliased(!buf, tensor<2x!elt>)

// -----

// Shaped types as values: a memref of vectors, a tensor of complex.
// CHECK: func.func private @nested_elems(memref<4xvector<8xf32>>, tensor<2xcomplex<f64>>, memref<2xindex>)
func.func private @nested_elems(memref<4xvector<8xf32>>, tensor<2xcomplex<f64>>, memref<2xindex>)
