// RUN: pto-opt %s -split-input-file -verify-diagnostics -o /dev/null

// The bufferization ops' verifiers, worded, placed and ordered as
// mlir-opt's (this file passes under
// `mlir-opt -split-input-file -verify-diagnostics` too).

// materialize_in_destination's own checks run on entering the op, before
// its block's missing terminator is reported.
func.func @shapes_before_terminator(%s: tensor<2xf32>, %d: tensor<3xf32>) {
  // expected-error @+1 {{'bufferization.materialize_in_destination' op source/destination shapes are incompatible}}
  %0 = bufferization.materialize_in_destination %s in %d : (tensor<2xf32>, tensor<3xf32>) -> tensor<3xf32>
}

// -----

// A ranked source and an unranked destination are incompatible.
func.func @ranked_unranked(%s: tensor<2xf32>, %d: memref<*xf32>) {
  // expected-error @+1 {{source/destination shapes are incompatible}}
  bufferization.materialize_in_destination %s in writable %d : (tensor<2xf32>, memref<*xf32>) -> ()
  return
}

// -----

// The destination's constraint is any shaped type; a scalar fails it.
func.func @scalar_dest(%s: tensor<2xf32>, %d: f32) {
  // expected-error @+1 {{'bufferization.materialize_in_destination' op operand #1 must be shaped of any type values, but got 'f32'}}
  bufferization.materialize_in_destination %s in writable %d : (tensor<2xf32>, f32) -> ()
  return
}

// -----

// A vector is shaped: it passes the constraint and the element type
// predicate, and the op's own verifier refuses it.
func.func @vector_dest(%s: tensor<2xf32>, %d: vector<2xf32>) {
  // expected-error @+1 {{'dest' must be a tensor or a memref}}
  bufferization.materialize_in_destination %s in %d : (tensor<2xf32>, vector<2xf32>) -> ()
  return
}

// -----

// The element type predicate (a PredOpTrait) comes before the op's own
// verifier.
func.func @element_types_first(%s: tensor<2xf32>, %d: tensor<2xf16>) {
  // expected-error @+1 {{'bufferization.materialize_in_destination' op failed to verify that all of {source, dest} have same element type}}
  bufferization.materialize_in_destination %s in %d : (tensor<2xf32>, tensor<2xf16>) -> ()
  return
}

// -----

// A tensor destination needs its one result before anything about the
// attributes is said.
func.func @result_before_restrict(%s: tensor<2xf32>, %d: tensor<2xf32>) {
  // expected-error @+1 {{tensor 'dest' implies exactly one tensor result}}
  bufferization.materialize_in_destination %s in restrict %d : (tensor<2xf32>, tensor<2xf32>) -> ()
  return
}

// -----

// The result's type must be the destination's, checked before the shapes.
func.func @result_type(%s: tensor<2xf32>, %d: tensor<2x2xf32>) {
  // expected-error @+1 {{result and 'dest' types must match}}
  %0 = bufferization.materialize_in_destination %s in %d : (tensor<2xf32>, tensor<2x2xf32>) -> tensor<2xf32>
  return
}

// -----

// to_buffer's tensor and buffer must have one shape: the predicate says
// which part differs, then fails as a PredOpTrait.
func.func @to_buffer_shape(%t: tensor<?xf32>) {
  // expected-error @+2 {{shapes do not match}}
  // expected-error @+1 {{'bufferization.to_buffer' op failed to verify that specified tensor and buffer types match}}
  %b = bufferization.to_buffer %t : tensor<?xf32> to memref<4xf32>
  return
}

// -----

// The shape is compared before the element type.
func.func @to_tensor_shape_first(%b: memref<4xf16>) {
  // expected-error @+2 {{shapes do not match}}
  // expected-error @+1 {{'bufferization.to_tensor' op failed to verify that specified tensor and buffer types match}}
  %t = bufferization.to_tensor %b : memref<4xf16> to tensor<*xf32>
  return
}

// -----

// The layout and memory space of the buffer do not count.
func.func @to_tensor_element(%b: memref<4xf16, strided<[2]>, 1>) {
  // expected-error @+2 {{element types do not match}}
  // expected-error @+1 {{'bufferization.to_tensor' op failed to verify that specified tensor and buffer types match}}
  %t = bufferization.to_tensor %b : memref<4xf16, strided<[2]>, 1> to tensor<4xf32>
  return
}

// -----

// The bridges take tensor-like and buffer-like types.
func.func @to_buffer_operand(%v: vector<2xf32>) {
  // expected-error @+1 {{'bufferization.to_buffer' op operand #0 must be TensorLikeType instance, but got 'vector<2xf32>'}}
  %b = "bufferization.to_buffer"(%v) : (vector<2xf32>) -> memref<2xf32>
  return
}

// -----

// The custom form reads a buffer type where a buffer is declared.
func.func @to_tensor_kind(%b: memref<2xf32>) {
  // expected-error @+1 {{invalid kind of type specified}}
  %t = bufferization.to_tensor %b : memref<2xf32> to vector<2xf32>
  return
}

// -----

// clone's custom form reads memrefs, ranked or not.
func.func @clone_kind(%t: tensor<2xf32>) {
  // expected-error @+1 {{invalid kind of type specified}}
  %b = bufferization.clone %t : tensor<2xf32> to memref<2xf32>
  return
}

// -----

// clone has no verifier of its own: any two memrefs will do.
func.func @clone_any(%m: memref<2xf32>) -> memref<*xf16> {
  %b = bufferization.clone %m : memref<2xf32> to memref<*xf16>
  return %b : memref<*xf16>
}

// -----

// alloc_tensor's custom form reads a tensor type.
func.func @alloc_tensor_kind() {
  // expected-error @+1 {{invalid kind of type specified}}
  %0 = bufferization.alloc_tensor() : memref<2xf32>
  return
}

// -----

// alloc_tensor's declared constraints come before its own verifier.
func.func @alloc_tensor_sizes(%i: i32) {
  // expected-error @+1 {{'bufferization.alloc_tensor' op operand #0 must be variadic of index, but got 'i32'}}
  %0 = "bufferization.alloc_tensor"(%i) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> tensor<?xf32>
  return
}

// -----

// Its copy is optional: one at most.
func.func @alloc_tensor_two_copies(%t: tensor<2xf32>) {
  // expected-error @+1 {{'bufferization.alloc_tensor' op operand group starting at #0 requires 0 or 1 element, but found 2}}
  %0 = "bufferization.alloc_tensor"(%t, %t) <{operandSegmentSizes = array<i32: 0, 2, 0>}> : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

// Its copy's type is the result's (a message mlir-opt does not prefix
// with the op's name).
func.func @alloc_tensor_copy_type(%t: tensor<?xf32>) {
  // expected-error @+1 {{expected that `copy` and return type match}}
  %0 = "bufferization.alloc_tensor"(%t) <{operandSegmentSizes = array<i32: 0, 1, 0>}> : (tensor<?xf32>) -> tensor<4xf32>
  return
}

// -----

// An unranked result has no dynamic sizes to give.
func.func @alloc_tensor_unranked(%i: index) {
  // expected-error @+1 {{'bufferization.alloc_tensor' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = "bufferization.alloc_tensor"(%i) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (index) -> tensor<*xf32>
  return
}

// -----

// dealloc's updated conditions are i1s.
func.func @dealloc_result(%m: memref<2xf32>, %c: i1) {
  // expected-error @+1 {{'bufferization.dealloc' op result #0 must be variadic of 1-bit signless integer, but got 'i32'}}
  %0 = "bufferization.dealloc"(%m, %c, %m) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (memref<2xf32>, i1, memref<2xf32>) -> i32
  return
}

// -----

// A function argument's bufferization attributes are checked by the
// dialect, on the function, without the op's name: access is one of four
// strings.
// expected-error @+1 {{invalid value for 'bufferization.access'}}
func.func private @access(tensor<4xf32> {bufferization.access = "all"})

// -----

// writable is a boolean.
// expected-error @+1 {{'bufferization.writable' is expected to be a boolean attribute}}
func.func @writable_bool(%t: tensor<4xf32> {bufferization.writable = 1 : i32}) {
  return
}

// -----

// writable is refused on a declaration.
// expected-error @+1 {{'bufferization.writable' is invalid on external functions}}
func.func private @writable_external(tensor<4xf32> {bufferization.writable = true})

// -----

// The arguments are checked on entering the function, before its ops.
// expected-error @+1 {{'bufferization.buffer_layout' is expected to be a memref layout attribute}}
func.func @layout_first(%t: tensor<4xf32> {bufferization.buffer_layout = 3}) {
  %c = arith.constant {bufferization.writable = true} 0 : index
  return
}

// -----

// The attributes a function argument may take are known by name; an
// unknown one is reported under buffer_layout's name, as mlir-opt does.
// expected-error @+1 {{attribute 'bufferization.buffer_layout' not supported as a region arg attribute by the bufferization dialect}}
func.func @unknown(%t: tensor<4xf32> {bufferization.other}) {
  return
}

// -----

// Result attributes are not the dialect's to check.
func.func @result(%t: tensor<4xf32> {bufferization.writable = true, bufferization.buffer_layout = strided<[1]>}) -> (tensor<4xf32> {bufferization.other}) {
  return %t : tensor<4xf32>
}

// -----

// A declared attribute in the attribute dictionary is checked against its
// constraint when the op is verified.
func.func @unit_in_dict(%m: memref<2xf32>) {
  // expected-error @+1 {{'bufferization.to_tensor' op attribute 'restrict' failed to satisfy constraint: unit attribute}}
  %t = "bufferization.to_tensor"(%m) {restrict = 1} : (memref<2xf32>) -> tensor<2xf32>
  return
}

// -----

// Given as a property, it is refused when the op is read.
func.func @unit_in_props(%m: memref<2xf32>) {
  // expected-error @+1 {{invalid properties {restrict = 1 : i64} for op bufferization.to_tensor: Invalid attribute `restrict` in property conversion: 1 : i64}}
  %t = "bufferization.to_tensor"(%m) <{restrict = 1}> : (memref<2xf32>) -> tensor<2xf32>
  return
}

// -----

// The custom form's function type keeps every result type it names: more
// than the one optional result fail the declaration's count.
func.func @two_results(%s: tensor<2xf32>, %d: tensor<2xf32>) {
  // expected-error @+1 {{'bufferization.materialize_in_destination' op result group starting at #0 requires 0 or 1 element, but found 2}}
  %0:2 = bufferization.materialize_in_destination %s in %d : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return
}
