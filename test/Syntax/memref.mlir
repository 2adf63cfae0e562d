// RUN: pto-opt %s -split-input-file | FileCheck %s
// RUN: pto-opt %s -split-input-file | pto-opt -split-input-file | FileCheck %s

// alloc and alloca: dynamic sizes, symbol operands, the alignment
// attribute, layouts and memory spaces; dealloc.
// CHECK:       #map = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-LABEL: func.func @allocs(%arg0: index)
// CHECK-NEXT:    %alloc = memref.alloc() {alignment = 64 : i64} : memref<16x16xf32>
// CHECK-NEXT:    %alloc_0 = memref.alloc(%arg0) : memref<?x16xf32, 1>
// CHECK-NEXT:    %alloc_1 = memref.alloc(%arg0)[%arg0] : memref<?xf32, #map>
// CHECK-NEXT:    %alloca = memref.alloca() : memref<4xi8, strided<[1], offset: 2>>
// CHECK-NEXT:    %alloca_2 = memref.alloca(%arg0, %arg0) {alignment = 16 : i64} : memref<?x?xi32, "scratch">
// CHECK-NEXT:    memref.dealloc %alloc : memref<16x16xf32>
// CHECK-NEXT:    memref.dealloc %alloc_0 : memref<?x16xf32, 1>
// CHECK-NEXT:    memref.dealloc %alloc_1 : memref<?xf32, #map>
func.func @allocs(%arg0: index) {
  %alloc = memref.alloc() {alignment = 64 : i64} : memref<16x16xf32>
  %alloc_0 = memref.alloc(%arg0) : memref<?x16xf32, 1>
  %alloc_1 = memref.alloc(%arg0)[%arg0] : memref<?xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  %alloca = memref.alloca() : memref<4xi8, strided<[1], offset: 2>>
  %alloca_2 = memref.alloca(%arg0, %arg0) {alignment = 16} : memref<?x?xi32, "scratch">
  memref.dealloc %alloc : memref<16x16xf32>
  memref.dealloc %alloc_0 : memref<?x16xf32, 1>
  memref.dealloc %alloc_1 : memref<?xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  return
}

// -----

// load and store (with the nontemporal attribute), copy, and a 0-d memref.
// CHECK-LABEL: func.func @access(%arg0: memref<4x8xf32>, %arg1: memref<4x8xf32>, %arg2: memref<f32>, %arg3: index)
// CHECK-NEXT:    %0 = memref.load %arg0[%arg3, %arg3] : memref<4x8xf32>
// CHECK-NEXT:    memref.store %0, %arg1[%arg3, %arg3] {nontemporal = true} : memref<4x8xf32>
// CHECK-NEXT:    %1 = memref.load %arg2[] : memref<f32>
// CHECK-NEXT:    memref.store %1, %arg2[] : memref<f32>
// CHECK-NEXT:    memref.copy %arg0, %arg1 : memref<4x8xf32> to memref<4x8xf32>
func.func @access(%arg0: memref<4x8xf32>, %arg1: memref<4x8xf32>, %arg2: memref<f32>, %arg3: index) {
  %0 = memref.load %arg0[%arg3, %arg3] : memref<4x8xf32>
  memref.store %0, %arg1[%arg3, %arg3] {nontemporal = true} : memref<4x8xf32>
  %1 = memref.load %arg2[] : memref<f32>
  memref.store %1, %arg2[] : memref<f32>
  memref.copy %arg0, %arg1 : memref<4x8xf32> to memref<4x8xf32>
  return
}

// -----

// view of a byte buffer at an offset with a dynamic size.
// CHECK-LABEL: func.func @view(%arg0: index)
// CHECK-NEXT:    %alloc = memref.alloc() : memref<2048xi8>
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %view = memref.view %alloc[%c0][%arg0] : memref<2048xi8> to memref<?x4xf32>
// CHECK-NEXT:    %view_0 = memref.view %alloc[%arg0][] : memref<2048xi8> to memref<16xi32>
func.func @view(%arg0: index) {
  %alloc = memref.alloc() : memref<2048xi8>
  %c0 = arith.constant 0 : index
  %view = memref.view %alloc[%c0][%arg0] : memref<2048xi8> to memref<?x4xf32>
  %view_0 = memref.view %alloc[%arg0][] : memref<2048xi8> to memref<16xi32>
  return
}

// -----

// subview with static and dynamic offsets, sizes and strides.
// CHECK-LABEL: func.func @subview(%arg0: memref<16x16xf32>, %arg1: memref<?x16xf32>, %arg2: index)
// CHECK-NEXT:    %subview = memref.subview %arg0[0, 4] [4, 4] [1, 1] : memref<16x16xf32> to memref<4x4xf32, strided<[16, 1], offset: 4>>
// CHECK-NEXT:    %subview_0 = memref.subview %arg1[%arg2, 0] [%arg2, 8] [1, 2] : memref<?x16xf32> to memref<?x8xf32, strided<[16, 2], offset: ?>>
// CHECK-NEXT:    %subview_1 = memref.subview %arg0[%arg2, %arg2] [2, 2] [%arg2, %arg2] : memref<16x16xf32> to memref<2x2xf32, strided<[?, ?], offset: ?>>
func.func @subview(%arg0: memref<16x16xf32>, %arg1: memref<?x16xf32>, %arg2: index) {
  %subview = memref.subview %arg0[0, 4] [4, 4] [1, 1] : memref<16x16xf32> to memref<4x4xf32, strided<[16, 1], offset: 4>>
  %subview_0 = memref.subview %arg1[%arg2, 0] [%arg2, 8] [1, 2] : memref<?x16xf32> to memref<?x8xf32, strided<[16, 2], offset: ?>>
  %subview_1 = memref.subview %arg0[%arg2, %arg2] [2, 2] [%arg2, %arg2] : memref<16x16xf32> to memref<2x2xf32, strided<[?, ?], offset: ?>>
  return
}

// -----

// cast (to dynamic shape and to unranked), memory_space_cast,
// reinterpret_cast with static and dynamic parts.
// CHECK-LABEL: func.func @casts(%arg0: memref<16x16xf32>, %arg1: memref<4xf32, 1>, %arg2: index)
// CHECK-NEXT:    %cast = memref.cast %arg0 : memref<16x16xf32> to memref<?x?xf32>
// CHECK-NEXT:    %cast_0 = memref.cast %arg0 : memref<16x16xf32> to memref<*xf32>
// CHECK-NEXT:    %memspacecast = memref.memory_space_cast %arg1 : memref<4xf32, 1> to memref<4xf32>
// CHECK-NEXT:    %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [256], strides: [1] : memref<16x16xf32> to memref<256xf32>
// CHECK-NEXT:    %reinterpret_cast_1 = memref.reinterpret_cast %arg0 to offset: [%arg2], sizes: [%arg2, 4], strides: [4, 1] : memref<16x16xf32> to memref<?x4xf32, strided<[4, 1], offset: ?>>
func.func @casts(%arg0: memref<16x16xf32>, %arg1: memref<4xf32, 1>, %arg2: index) {
  %cast = memref.cast %arg0 : memref<16x16xf32> to memref<?x?xf32>
  %cast_0 = memref.cast %arg0 : memref<16x16xf32> to memref<*xf32>
  %memspacecast = memref.memory_space_cast %arg1 : memref<4xf32, 1> to memref<4xf32>
  %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [256], strides: [1] : memref<16x16xf32> to memref<256xf32>
  %reinterpret_cast_1 = memref.reinterpret_cast %arg0 to offset: [%arg2], sizes: [%arg2, 4], strides: [4, 1] : memref<16x16xf32> to memref<?x4xf32, strided<[4, 1], offset: ?>>
  return
}

// -----

// expand_shape (static and dynamic output shape) and collapse_shape.
// CHECK-LABEL: func.func @reshape(%arg0: memref<256xf32>, %arg1: memref<?x16xf32>, %arg2: index)
// CHECK-NEXT:    %expand_shape = memref.expand_shape %arg0 {{\[\[}}0, 1]] output_shape [16, 16] : memref<256xf32> into memref<16x16xf32>
// CHECK-NEXT:    %expand_shape_0 = memref.expand_shape %arg1 {{\[\[}}0, 1], [2]] output_shape [%arg2, 1, 16] : memref<?x16xf32> into memref<?x1x16xf32>
// CHECK-NEXT:    %collapse_shape = memref.collapse_shape %expand_shape {{\[\[}}0, 1]] : memref<16x16xf32> into memref<256xf32>
func.func @reshape(%arg0: memref<256xf32>, %arg1: memref<?x16xf32>, %arg2: index) {
  %expand_shape = memref.expand_shape %arg0 [[0, 1]] output_shape [16, 16] : memref<256xf32> into memref<16x16xf32>
  %expand_shape_0 = memref.expand_shape %arg1 [[0, 1], [2]] output_shape [%arg2, 1, 16] : memref<?x16xf32> into memref<?x1x16xf32>
  %collapse_shape = memref.collapse_shape %expand_shape [[0, 1]] : memref<16x16xf32> into memref<256xf32>
  return
}

// -----

// Globals: private constant with an initial value (the type of the dense
// literal comes from the memref), public, uninitialized, external,
// aligned; get_global.
// CHECK:      memref.global "private" constant @cst : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]>
// CHECK-NEXT: memref.global @zero : memref<4xi32> = dense<0>
// CHECK-NEXT: memref.global "private" @uninit : memref<8xf32> = uninitialized
// CHECK-NEXT: memref.global @ext : memref<8xf32>
// CHECK-NEXT: memref.global "private" @aligned : memref<8xf32> = uninitialized {alignment = 64 : i64}
// CHECK-LABEL: func.func @use_global()
// CHECK-NEXT:    %0 = memref.get_global @cst : memref<2xf32>
memref.global "private" constant @cst : memref<2xf32> = dense<[1.0, 2.0]>
memref.global @zero : memref<4xi32> = dense<0>
memref.global "private" @uninit : memref<8xf32> = uninitialized
memref.global @ext : memref<8xf32>
memref.global "private" @aligned : memref<8xf32> = uninitialized {alignment = 64 : i64}
func.func @use_global() {
  %0 = memref.get_global @cst : memref<2xf32>
  return
}

// -----

// A generated program: allocations with staggered lifetimes in a loop and
// a conditional, the shape of the planner's inputs.
// CHECK-LABEL: func.func @chain(%arg0: index, %arg1: i1)
// CHECK:         %alloc = memref.alloc() {alignment = 64 : i64} : memref<1024xf32>
// CHECK:         scf.for %arg2 = %c0 to %arg0 step %c1 {
// CHECK-NEXT:      memref.store %cst, %alloc[%arg2] : memref<1024xf32>
// CHECK-NEXT:    }
// CHECK:         scf.if %arg1 {
// CHECK-NEXT:      memref.store %cst, %alloc_1[%c0] : memref<1024xf32>
// CHECK-NEXT:    }
func.func @chain(%arg0: index, %arg1: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 1.0 : f32
  %alloc = memref.alloc() {alignment = 64 : i64} : memref<1024xf32>
  %alloc_0 = memref.alloc() : memref<512xf32>
  scf.for %arg2 = %c0 to %arg0 step %c1 {
    memref.store %cst, %alloc[%arg2] : memref<1024xf32>
  }
  memref.dealloc %alloc : memref<1024xf32>
  %alloc_1 = memref.alloc() : memref<1024xf32>
  scf.if %arg1 {
    memref.store %cst, %alloc_1[%c0] : memref<1024xf32>
  }
  memref.dealloc %alloc_0 : memref<512xf32>
  memref.dealloc %alloc_1 : memref<1024xf32>
  return
}

// -----

// Where the attribute dictionary goes differs by op: memref.dim has it
// before its operands, the extract ops after their types.
// CHECK-LABEL: func.func @dict_places(
// CHECK-NEXT:    %dim = memref.dim {xd.k} %arg0, %arg1 : memref<?xf32>
// CHECK-NEXT:    %intptr = memref.extract_aligned_pointer_as_index %arg0 : memref<?xf32> -> index {xd.k}
// CHECK-NEXT:    %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %arg0 : memref<?xf32> -> memref<f32>, index, index, index {xd.k}
func.func @dict_places(%arg0: memref<?xf32>, %arg1: index) {
  %0 = memref.dim {xd.k} %arg0, %arg1 : memref<?xf32>
  %1 = memref.extract_aligned_pointer_as_index %arg0 : memref<?xf32> -> index {xd.k}
  %2:4 = memref.extract_strided_metadata %arg0 : memref<?xf32> -> memref<f32>, index, index, index {xd.k}
  return
}

// -----

// Expanding a 0-d strided memref: the dimensions no reassociation group
// covers have stride 1 (mlir-opt's inferred layout).
// CHECK-LABEL: func.func @expand_0d_strided(
// CHECK-NEXT:    %expand_shape = memref.expand_shape %arg0 [] output_shape [1] : memref<f32, strided<[], offset: ?>> into memref<1xf32, strided<[1], offset: ?>>
// CHECK-NEXT:    %expand_shape_0 = memref.expand_shape %arg1 [] output_shape [1, 1] : memref<f32, strided<[], offset: 3>> into memref<1x1xf32, strided<[1, 1], offset: 3>>
func.func @expand_0d_strided(%arg0: memref<f32, strided<[], offset: ?>>, %arg1: memref<f32, strided<[], offset: 3>>) {
  %0 = memref.expand_shape %arg0 [] output_shape [1] : memref<f32, strided<[], offset: ?>> into memref<1xf32, strided<[1], offset: ?>>
  %1 = memref.expand_shape %arg1 [] output_shape [1, 1] : memref<f32, strided<[], offset: 3>> into memref<1x1xf32, strided<[1, 1], offset: 3>>
  return
}

// -----

// A 0-d subview result with an affine layout: its offset is the map's
// constant.
// CHECK:       #[[MAP:.*]] = affine_map<() -> (4)>
// CHECK-LABEL: func.func @subview_0d_affine(
// CHECK-NEXT:    %subview = memref.subview %arg0[1, 1] [1, 1] [1, 1] : memref<5x3xf32> to memref<f32, #[[MAP]]>
func.func @subview_0d_affine(%arg0: memref<5x3xf32>) {
  %0 = memref.subview %arg0[1, 1] [1, 1] [1, 1] : memref<5x3xf32> to memref<f32, affine_map<() -> (4)>>
  return
}

// -----

// A global's initial value may be any elements attribute: dense_resource
// and sparse ones too, their type (the memref's as a tensor) left out.
// CHECK-LABEL: memref.global "private" constant @resource : memref<2xi32> = dense_resource<__elided__>
// CHECK-NEXT:  memref.global @sparse : memref<2x2xf32> = sparse<{{\[\[}}0, 1]], 2.000000e+00>
memref.global "private" constant @resource : memref<2xi32> = dense_resource<__elided__>
memref.global @sparse : memref<2x2xf32> = sparse<[[0, 1]], 2.000000e+00>
