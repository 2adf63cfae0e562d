// RUN: pto-opt %s -split-input-file -verify-diagnostics -o /dev/null

// Verifier errors of memref ops, worded and placed as mlir-opt words and
// places them (this file passes under
// `mlir-opt -split-input-file -verify-diagnostics` too).

// Expanding a 0-d strided memref gives the new unit dimensions stride 1:
// stride 0 is another type.
func.func @expand_0d_stride_0(%m: memref<f32, strided<[], offset: ?>>) {
  // expected-error @+1 {{'memref.expand_shape' op expected expanded type to be 'memref<1xf32, strided<[1], offset: ?>>' but found 'memref<1xf32, strided<[0], offset: ?>>'}}
  %0 = memref.expand_shape %m [] output_shape [1] : memref<f32, strided<[], offset: ?>> into memref<1xf32, strided<[0], offset: ?>>
  return
}

// -----

// An elements initial value kept raw (dense_resource, sparse) is checked
// against the global's type like a dense one.
// expected-error @+1 {{'memref.global' op initial value element expected to be of type 'i32', but was of type 'i64'}}
"memref.global"() <{initial_value = dense_resource<__elided__> : tensor<2xi64>, sym_name = "r", type = memref<2xi32>}> : () -> ()

// -----

// expected-error @+1 {{'memref.global' op initial value shape expected to be 2 but was 3}}
"memref.global"() <{initial_value = sparse<1, 7> : tensor<3xi32>, sym_name = "s", type = memref<2xi32>}> : () -> ()

// -----

// memref.view's source is declared MemRefRankOf<[I8], [1]>: a 1-D buffer
// of bytes.
func.func @view_not_bytes(%m: memref<2048xf32>, %c: index) {
  // expected-error @+1 {{'memref.view' op operand #0 must be 1D memref of 8-bit signless integer values, but got 'memref<2048xf32>'}}
  %0 = memref.view %m[%c][] : memref<2048xf32> to memref<4x4xf32>
  return
}

// -----

func.func @view_not_1d(%m: memref<2x1024xi8>, %c: index) {
  // expected-error @+1 {{'memref.view' op operand #0 must be 1D memref of 8-bit signless integer values, but got 'memref<2x1024xi8>'}}
  %0 = memref.view %m[%c][] : memref<2x1024xi8> to memref<4x4xf32>
  return
}

// -----

func.func @view_unranked(%m: memref<*xi8>, %c: index) {
  // expected-error @+1 {{'memref.view' op operand #0 must be 1D memref of 8-bit signless integer values, but got 'memref<*xi8>'}}
  %0 = "memref.view"(%m, %c) : (memref<*xi8>, index) -> memref<4x4xf32>
  return
}

// -----

// Its result is AnyMemRef: ODS's memrefs are ranked.
func.func @view_unranked_result(%m: memref<2048xi8>, %c: index) {
  // expected-error @+1 {{'memref.view' op result #0 must be memref of any type values, but got 'memref<*xf32>'}}
  %0 = "memref.view"(%m, %c) : (memref<2048xi8>, index) -> memref<*xf32>
  return
}

// -----

// memref.load and memref.store take a ranked memref (AnyMemRef); the
// element type is their TypesMatchWith predicate.
func.func @load_unranked(%u: memref<*xf32>) {
  // expected-error @+1 {{'memref.load' op operand #0 must be memref of any type values, but got 'memref<*xf32>'}}
  %0 = "memref.load"(%u) : (memref<*xf32>) -> f32
  return
}

// -----

func.func @load_element_type(%m: memref<4xf32>, %c: index) {
  // expected-error @+1 {{'memref.load' op failed to verify that result type matches element type of 'memref'}}
  %0 = "memref.load"(%m, %c) : (memref<4xf32>, index) -> i32
  return
}

// -----

func.func @store_element_type(%m: memref<4xf32>, %c: index, %i: i32) {
  // expected-error @+1 {{'memref.store' op failed to verify that type of 'value' matches element type of 'memref'}}
  "memref.store"(%i, %m, %c) : (i32, memref<4xf32>, index) -> ()
  return
}

// -----

// memref.copy: SameOperandsElementType is checked before SameOperandsShape.
func.func @copy_element_then_shape(%m: memref<4xf32>, %n: memref<5xi32>) {
  // expected-error @+1 {{'memref.copy' op requires the same element type for all operands}}
  "memref.copy"(%m, %n) : (memref<4xf32>, memref<5xi32>) -> ()
  return
}

// -----

func.func @copy_not_memref(%f: f32, %u: memref<*xf32>) {
  // expected-error @+1 {{'memref.copy' op operand #0 must be ranked or unranked memref of any type values, but got 'f32'}}
  "memref.copy"(%f, %u) : (f32, memref<*xf32>) -> ()
  return
}

// -----

func.func @alloc_unranked() {
  // expected-error @+1 {{'memref.alloc' op result #0 must be memref of any type values, but got 'memref<*xf32>'}}
  %0 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<*xf32>
  return
}

// -----

func.func @dealloc_not_memref(%f: f32) {
  // expected-error @+1 {{'memref.dealloc' op operand #0 must be ranked or unranked memref of any type values, but got 'f32'}}
  "memref.dealloc"(%f) : (f32) -> ()
  return
}

// -----

// memref.realloc: 1-D source and result, at most one size operand.
func.func @realloc_2d(%m: memref<2x2xf32>) {
  // expected-error @+1 {{'memref.realloc' op operand #0 must be 1D memref of any type values, but got 'memref<2x2xf32>'}}
  %0 = "memref.realloc"(%m) : (memref<2x2xf32>) -> memref<4xf32>
  return
}

// -----

func.func @realloc_two_sizes(%i: index, %m: memref<4xf32>) {
  // expected-error @+1 {{'memref.realloc' op operand group starting at #1 requires 0 or 1 element, but found 2}}
  %0 = "memref.realloc"(%m, %i, %i) : (memref<4xf32>, index, index) -> memref<4xf32>
  return
}

// -----

// memref.assume_alignment: SameOperandsAndResultType.
func.func @assume_alignment_type(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.assume_alignment' op requires the same type for all operands and results}}
  %0 = "memref.assume_alignment"(%m) <{alignment = 16 : i32}> : (memref<4xf32>) -> memref<5xf32>
  return
}

// -----

// memref.cast and memory_space_cast take ranked or unranked memrefs;
// a space cast keeps rankedness.
func.func @cast_to_scalar(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.cast' op result #0 must be ranked or unranked memref of any type values, but got 'f32'}}
  %0 = "memref.cast"(%m) : (memref<4xf32>) -> f32
  return
}

// -----

func.func @space_cast_unranked(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.memory_space_cast' op operand type 'memref<4xf32>' and result type 'memref<*xf32>' are cast incompatible}}
  %0 = "memref.memory_space_cast"(%m) : (memref<4xf32>) -> memref<*xf32>
  return
}

// -----

// memref.atomic_rmw: AllTypesMatch, then the element type, then the kind.
func.func @atomic_element_type(%m: memref<4xf32>, %i: i32, %c: index) {
  // expected-error @+1 {{'memref.atomic_rmw' op failed to verify that value type matches element type of memref}}
  %0 = "memref.atomic_rmw"(%i, %m, %c) <{kind = 0 : i64}> : (i32, memref<4xf32>, index) -> i32
  return
}

// -----

func.func @atomic_kind(%m: memref<4xi1>, %i: i1, %c: index) {
  // expected-error @+1 {{'memref.atomic_rmw' op with kind 'addf' expects a floating-point type}}
  %0 = "memref.atomic_rmw"(%i, %m, %c) <{kind = 0 : i64}> : (i1, memref<4xi1>, index) -> i1
  return
}

// -----

func.func @aligned_pointer_not_index(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.extract_aligned_pointer_as_index' op result #0 must be index, but got 'i32'}}
  %0 = "memref.extract_aligned_pointer_as_index"(%m) : (memref<4xf32>) -> i32
  return
}

// -----

func.func @metadata_results(%u: memref<*xf32>) {
  // expected-error @+1 {{'memref.extract_strided_metadata' op expected 2 or more results}}
  %0 = "memref.extract_strided_metadata"(%u) : (memref<*xf32>) -> memref<f32>
  return
}

// -----

memref.global @g : memref<4xf32>
func.func @get_global_dynamic() {
  // expected-error @+1 {{'memref.get_global' op result #0 must be statically shaped memref of any type values, but got 'memref<?xf32>'}}
  %0 = "memref.get_global"() <{name = @g}> : () -> memref<?xf32>
  return
}

// -----

// The reshaping ops take strided memrefs (AnyStridedMemRef)...
func.func @collapse_unranked(%u: memref<*xf32>) {
  // expected-error @+1 {{'memref.collapse_shape' op operand #0 must be strided memref of any type values, but got 'memref<*xf32>'}}
  %0 = "memref.collapse_shape"(%u) <{reassociation = []}> : (memref<*xf32>) -> memref<f32>
  return
}

// -----

func.func @transpose_unranked(%u: memref<*xf32>) {
  // expected-error @+1 {{'memref.transpose' op operand #0 must be strided memref of any type values, but got 'memref<*xf32>'}}
  %0 = "memref.transpose"(%u) <{permutation = affine_map<(d0) -> (d0)>}> : (memref<*xf32>) -> memref<*xf32>
  return
}

// -----

// ... memref.reshape a shape of integers or indices.
func.func @reshape_float_shape(%m: memref<4xf32>, %s: memref<2xf32>) {
  // expected-error @+1 {{'memref.reshape' op operand #1 must be 1D memref of signless integer or index values, but got 'memref<2xf32>'}}
  %0 = "memref.reshape"(%m, %s) : (memref<4xf32>, memref<2xf32>) -> memref<2x2xf32>
  return
}
