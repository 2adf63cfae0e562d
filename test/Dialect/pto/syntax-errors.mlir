// RUN: pto-opt %s -split-input-file -verify-diagnostics

// The long tile_buf spelling takes its keys in ptoas's order.
// expected-error @+1 {{expected 'v_row' in !pto.tile_buf, found 'blayout=row_major'}}
func.func private @key_order(!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, blayout=row_major, v_row=16, v_col=64, slayout=none_box, fractal=512, pad=0>)

// -----

// A tile lives in one of ptoas's on-chip spaces, not in global memory.
// expected-error @+1 {{unknown loc: gm}}
func.func private @loc(!pto.tile_buf<loc=gm, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)

// -----

// A valid extent is `?`, -1 or a non-negative number.
// expected-error @+1 {{v_col must be '?', -1, or a non-negative integer}}
func.func private @valid(!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=-2, blayout=row_major, slayout=none_box, fractal=512, pad=0>)

// -----

// The compact spelling takes each key once.
// expected-error @+1 {{duplicate pad in tile_buf compact syntax}}
func.func private @dup(!pto.tile_buf<vec, 16x16xf32, pad=1, pad=2>)

// -----

// ...and exactly two static dimensions.
// expected-error @+1 {{tile_buf compact syntax expects exactly two shape dims}}
func.func private @rank(!pto.tile_buf<vec, 4x16x16xf32>)

// -----

// ptoas's pad values are 0 to 3.
// expected-error @+1 {{unknown pad: 4}}
func.func private @pad(!pto.tile_buf<vec, 16x16xf32, pad=4>)

// -----

// A type the pto dialect does not have.
// expected-error @+1 {{unknown type 'tile_buffer' in dialect 'pto'}}
func.func private @unknown(!pto.tile_buffer<vec, 16x16xf32>)

// -----

// Where ptoas's format says qualified(type(...)), the stripped spelling
// of a tile type is not read (ptoas: "expected non-function type").
func.func @stripped(%a: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error @+1 {{expected non-function type}}
  pto.tabs ins(%a : <vec, 16x16xf32>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

// trowmax takes its tmp tile: ins(%src : T) is short of an operand.
func.func @missing_tmp(%a: !pto.tile_buf<vec, 16x16xf32>, %d: !pto.tile_buf<vec, 16x1xf32>) {
  // expected-error @+1 {{expected ','}}
  pto.trowmax ins(%a : !pto.tile_buf<vec, 16x16xf32>) outs(%d : !pto.tile_buf<vec, 16x1xf32>)
  return
}

// -----

// The mask form of tgather takes no other ins operand.
func.func @mask_extra(%a: !pto.tile_buf<vec, 1x32xf16>, %i: !pto.tile_buf<vec, 1x32xi32>) {
  // expected-error @+1 {{mask-pattern tgather does not take extra ins operands}}
  pto.tgather ins(%a, %i : !pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xi32>) outs(%a : !pto.tile_buf<vec, 1x32xf16>) maskPattern = #pto.mask_pattern<P1111>
  return
}

// -----

// The compare form of tgather (outs dst, cdst) takes a scalar kValue.
func.func @compare_kvalue(%a: !pto.tile_buf<vec, 1x32xf16>, %d: !pto.tile_buf<vec, 1x32xi32>) {
  // expected-error @+1 {{compare-form tgather expects a scalar kValue operand}}
  pto.tgather ins(%a, %a : !pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xf16>) outs(%d, %d : !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>)
  return
}

// -----

// tmrgsort is one of its two formats.
func.func @mrgsort(%a: !pto.tile_buf<vec, 1x256xf32>) {
  // expected-error @+1 {{tmrgsort expects format1 (1 src + blockLen + 1 dst) or format2 (2 to 4 srcs + tmp, outs dst, excuted)}}
  pto.tmrgsort ins(%a, %a : !pto.tile_buf<vec, 1x256xf32>, !pto.tile_buf<vec, 1x256xf32>) outs(%a : !pto.tile_buf<vec, 1x256xf32>)
  return
}

// -----

// make_tensor_view makes a !pto.tensor_view.
func.func @view_result(%p: !pto.ptr<f32>, %c: index) {
  // expected-error @+1 {{expected result type pto.tensor_view<...>}}
  %v = pto.make_tensor_view %p, shape = [%c], strides = [%c] : !pto.partition_tensor_view<?xf32>
  return
}

// -----

// An attribute of ptoas's enums takes one of its values.
func.func @enum_value() {
  // expected-error @+1 {{'pto.barrier' op attribute 'pipe' has no value 'PIPE_X' (#pto.pipe<...> is one of}}
  pto.barrier <PIPE_X>
  return
}

// -----

// An unknown pto op reads only in generic form: its custom syntax is
// unknown to pto-opt (as to mlir-opt for any op it does not know).
func.func @unknown_custom(%a: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error @+1 {{custom op 'pto.tnewthing' is unknown}}
  pto.tnewthing ins(%a : !pto.tile_buf<vec, 16x16xf32>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

// Inside an unknown op, the known ones are verified (tadd's element
// types on A2/A3: the module names its arch).
module attributes {pto.target_arch = "a3"} {
  func.func @inside_unknown(%a: !pto.tile_buf<vec, 16x32xi8>) {
    "pto.section.future"() ({
      // expected-error @+1 {{'pto.tadd' op expects A2/A3 tadd element type to be i32/i16/f16/f32}}
      pto.tadd ins(%a, %a : !pto.tile_buf<vec, 16x32xi8>, !pto.tile_buf<vec, 16x32xi8>) outs(%a : !pto.tile_buf<vec, 16x32xi8>)
    }) : () -> ()
    return
  }
}
