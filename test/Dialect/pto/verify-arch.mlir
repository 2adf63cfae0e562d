// RUN: pto-opt %s -split-input-file -verify-diagnostics

// ptoas's rules that differ per arch read facts of the target's file
// (targets/builtin/*.json, "pto_arch"); the module's pto.target_arch
// chooses the target here. Element types: tadd takes no i8 on A2/A3...
module attributes {pto.target_arch = "a3"} {
  func.func @tadd_i8_a3(%a: !pto.tile_buf<vec, 16x32xi8>) {
    // expected-error @+1 {{'pto.tadd' op expects A2/A3 tadd element type to be i32/i16/f16/f32}}
    pto.tadd ins(%a, %a : !pto.tile_buf<vec, 16x32xi8>, !pto.tile_buf<vec, 16x32xi8>) outs(%a : !pto.tile_buf<vec, 16x32xi8>)
    return
  }
}

// -----

// ...and does on A5.
// expected-no-diagnostics
module attributes {pto.target_arch = "a5"} {
  func.func @tadd_i8_a5(%a: !pto.tile_buf<vec, 16x32xi8>) {
    pto.tadd ins(%a, %a : !pto.tile_buf<vec, 16x32xi8>, !pto.tile_buf<vec, 16x32xi8>) outs(%a : !pto.tile_buf<vec, 16x32xi8>)
    return
  }
}

// -----

// tnot takes i16 only on A2/A3 ("a2a3" names ascend910b too).
module attributes {pto.target_arch = "a2a3"} {
  func.func @tnot(%a: !pto.tile_buf<vec, 16x16xi32>) {
    // expected-error @+1 {{'pto.tnot' op expects A2/A3 tnot element type to be i16}}
    pto.tnot ins(%a : !pto.tile_buf<vec, 16x16xi32>) outs(%a : !pto.tile_buf<vec, 16x16xi32>)
    return
  }
}

// -----

// Ops A2/A3 does not have (corpus thistogram_verify_invalid_a3).
module attributes {pto.target_arch = "a3"} {
  func.func @histogram(%s: !pto.tile_buf<vec, 1x256xui16>, %i: !pto.tile_buf<vec, 1x1xi8, blayout=col_major>, %d: !pto.tile_buf<vec, 1x256xi32>) {
    // expected-error @+1 {{'pto.thistogram' op thistogram is only supported on A5}}
    pto.thistogram ins(%s, %i : !pto.tile_buf<vec, 1x256xui16>, !pto.tile_buf<vec, 1x1xi8, blayout=col_major>) outs(%d : !pto.tile_buf<vec, 1x256xi32>)
    return
  }
}

// -----

// A2/A3 loads into vec or mat only.
module attributes {pto.target_arch = "a3"} {
  func.func @tload_left(%p: !pto.partition_tensor_view<16x16xf16>, %t: !pto.tile_buf<left, 16x16xf16, slayout=row_major>) {
    // expected-error @+1 {{'pto.tload' op expects A2/A3 tload dst to use loc=vec or loc=mat}}
    pto.tload ins(%p : !pto.partition_tensor_view<16x16xf16>) outs(%t : !pto.tile_buf<left, 16x16xf16, slayout=row_major>)
    return
  }
}

// -----

// A5 stores from vec or acc, not mat.
module attributes {pto.target_arch = "a5"} {
  func.func @tstore_mat(%t: !pto.tile_buf<mat, 16x16xf16>, %p: !pto.partition_tensor_view<16x16xf16>) {
    // expected-error @+1 {{'pto.tstore' op expects A5 tstore src to use loc=vec, loc=acc}}
    pto.tstore ins(%t : !pto.tile_buf<mat, 16x16xf16>) outs(%p : !pto.partition_tensor_view<16x16xf16>)
    return
  }
}

// -----

// tmov's space pairs: vec -> mat exists on A5 only.
module attributes {pto.target_arch = "a3"} {
  func.func @tmov_pair(%v: !pto.tile_buf<vec, 16x16xf16>, %m: !pto.tile_buf<mat, 16x16xf16>) {
    // expected-error @+1 {{'pto.tmov' op expects a supported tmov address-space pair for this target}}
    pto.tmov ins(%v : !pto.tile_buf<vec, 16x16xf16>) outs(%m : !pto.tile_buf<mat, 16x16xf16>)
    return
  }
}

// -----

// On A2/A3 a tmov out of vec or acc keeps the static shape too.
module attributes {pto.target_arch = "a3"} {
  func.func @tmov_shape(%v: !pto.tile_buf<vec, 16x32xf32, valid=16x16>, %d: !pto.tile_buf<vec, 16x16xf32>) {
    // expected-error @+1 {{'pto.tmov' op expects A2/A3 non-mat tmov to use matching src/dst shapes}}
    pto.tmov ins(%v : !pto.tile_buf<vec, 16x32xf32, valid=16x16>) outs(%d : !pto.tile_buf<vec, 16x16xf32>)
    return
  }
}

// -----

// tinsert on A2/A3: acc into mat, f32 into f16 or bf16 (corpus
// tinsert_verify_a2a3_invalid_dtype).
module attributes {pto.target_arch = "a3"} {
  func.func @tinsert_a3(%s: !pto.tile_buf<acc, 32x32xf32, blayout=col_major, slayout=row_major>, %d: !pto.tile_buf<mat, 32x32xf32, blayout=col_major, slayout=row_major>) {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{'pto.tinsert' op expects A2/A3 tinsert element types to be src=f32, dst=f16/bf16}}
    pto.tinsert ins(%s, %c0, %c0 : !pto.tile_buf<acc, 32x32xf32, blayout=col_major, slayout=row_major>, index, index) outs(%d : !pto.tile_buf<mat, 32x32xf32, blayout=col_major, slayout=row_major>)
    return
  }
}

// -----

// tinsert on A5: the space pairs (corpus tinsert_verify_a5_invalid_loc).
module attributes {pto.target_arch = "a5"} {
  func.func @tinsert_a5(%s: !pto.tile_buf<vec, 32x32xf32>, %d: !pto.tile_buf<acc, 32x32xf32, blayout=col_major, slayout=row_major>) {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{'pto.tinsert' op expects A5 tinsert to use a supported src/dst loc pair: acc->mat, vec->mat, or vec->vec}}
    pto.tinsert ins(%s, %c0, %c0 : !pto.tile_buf<vec, 32x32xf32>, index, index) outs(%d : !pto.tile_buf<acc, 32x32xf32, blayout=col_major, slayout=row_major>)
    return
  }
}

// -----

// textract between vec tiles on A5 takes ND layouts (corpus
// textract_verify_a5_vec_vec_invalid_layout).
module attributes {pto.target_arch = "a5"} {
  func.func @textract_a5(%s: !pto.tile_buf<vec, 32x32xf16, blayout=col_major, slayout=row_major>, %d: !pto.tile_buf<vec, 16x16xf16>) {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{'pto.textract' op expects A5 vec->vec textract src/dst to use ND layout (blayout=row_major, slayout=none_box)}}
    pto.textract ins(%s, %c0, %c0 : !pto.tile_buf<vec, 32x32xf16, blayout=col_major, slayout=row_major>, index, index) outs(%d : !pto.tile_buf<vec, 16x16xf16>)
    return
  }
}

// -----

// tgather's compare form on A2/A3 (corpus tgather_compare_invalid_src_type).
module attributes {pto.target_arch = "a3"} {
  func.func @tgather_cmp(%s: !pto.tile_buf<vec, 1x32xi16>, %k: i16, %t: !pto.tile_buf<vec, 1x32xi8>, %d: !pto.tile_buf<vec, 1x32xi32>) {
    // expected-error @+1 {{'pto.tgather' op expects A2/A3 compare-form tgather src element type to be f16/f32, or i32 when cmpMode=eq}}
    pto.tgather ins(%s, %k, %t : !pto.tile_buf<vec, 1x32xi16>, i16, !pto.tile_buf<vec, 1x32xi8>) outs(%d, %d : !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>)
    return
  }
}

// -----

// tprelu's tmp tile is ui8 on A2/A3.
module attributes {pto.target_arch = "a3"} {
  func.func @tprelu(%a: !pto.tile_buf<vec, 16x16xf32>, %t: !pto.tile_buf<vec, 16x16xf32>, %d: !pto.tile_buf<vec, 16x16xf32>) {
    // expected-error @+1 {{'pto.tprelu' op expects A2/A3 tmp element type to be ui8}}
    pto.tprelu ins(%a, %a, %t : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%d : !pto.tile_buf<vec, 16x16xf32>)
    return
  }
}

// -----

// A5's cube takes lhs col_major/row_major, rhs row_major/col_major, dst
// col_major/row_major...
module attributes {pto.target_arch = "a5"} {
  func.func @matmul_a5(%a: !pto.tile_buf<left, 16x16xf16, blayout=col_major, slayout=row_major>, %b: !pto.tile_buf<right, 16x16xf16, slayout=row_major>, %c: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major>) {
    // expected-error @+1 {{'pto.tmatmul' op expects rhs to use the col_major slayout on A5}}
    pto.tmatmul ins(%a, %b : !pto.tile_buf<left, 16x16xf16, blayout=col_major, slayout=row_major>, !pto.tile_buf<right, 16x16xf16, slayout=row_major>) outs(%c : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major>)
    return
  }
}

// -----

// ...and gives every left tile its blayout whatever the type says, so a
// left tile written row_major passes as col_major on A5 (ptoas's parser
// does the same).
// expected-no-diagnostics
module attributes {pto.target_arch = "a5"} {
  func.func @left_forced(%a: !pto.tile_buf<left, 16x16xf16, slayout=row_major>, %b: !pto.tile_buf<right, 16x16xf16, slayout=col_major>, %c: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major>) {
    pto.tmatmul ins(%a, %b : !pto.tile_buf<left, 16x16xf16, slayout=row_major>, !pto.tile_buf<right, 16x16xf16, slayout=col_major>) outs(%c : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major>)
    return
  }
}

// -----

// A5's ttrans needs the major dimension of its tiles in 32-byte
// multiples.
module attributes {pto.target_arch = "a5"} {
  func.func @ttrans(%a: !pto.tile_buf<vec, 16x4xf32>, %t: !pto.tile_buf<vec, 16x4xf32>, %d: !pto.tile_buf<vec, 4x16xf32>) {
    // expected-error @+1 {{'pto.ttrans' op expects src cols x element size (4 x 4 bytes) to be a multiple of 32 bytes on A5}}
    pto.ttrans ins(%a, %t : !pto.tile_buf<vec, 16x4xf32>, !pto.tile_buf<vec, 16x4xf32>) outs(%d : !pto.tile_buf<vec, 4x16xf32>)
    return
  }
}

// -----

// The tile-scalar ops keep the valid rows on A2/A3...
module attributes {pto.target_arch = "a3"} {
  func.func @tadds_rows_a3(%a: !pto.tile_buf<vec, 16x16xf32>, %d: !pto.tile_buf<vec, 16x16xf32, valid=8x16>, %s: f32) {
    // expected-error @+1 {{'pto.tadds' op expects src and dst to have the same valid_shape[0]}}
    pto.tadds ins(%a, %s : !pto.tile_buf<vec, 16x16xf32>, f32) outs(%d : !pto.tile_buf<vec, 16x16xf32, valid=8x16>)
    return
  }
}

// -----

// ...not on A5.
// expected-no-diagnostics
module attributes {pto.target_arch = "a5"} {
  func.func @tadds_rows_a5(%a: !pto.tile_buf<vec, 16x16xf32>, %d: !pto.tile_buf<vec, 16x16xf32, valid=8x16>, %s: f32) {
    pto.tadds ins(%a, %s : !pto.tile_buf<vec, 16x16xf32>, f32) outs(%d : !pto.tile_buf<vec, 16x16xf32, valid=8x16>)
    return
  }
}

// -----

// "pto.device-spec" names the target too (Ascend910B1 is ascend910b).
module attributes {"pto.device-spec" = "Ascend910B1"} {
  func.func @device_spec(%a: !pto.tile_buf<vec, 16x32xi8>) {
    // expected-error @+1 {{'pto.tadd' op expects A2/A3 tadd element type to be i32/i16/f16/f32}}
    pto.tadd ins(%a, %a : !pto.tile_buf<vec, 16x32xi8>, !pto.tile_buf<vec, 16x32xi8>) outs(%a : !pto.tile_buf<vec, 16x32xi8>)
    return
  }
}

// -----

// An element list's f16 is f16, not every 16-bit float: bf16 is refused
// where ptoas takes f16/f32 (tcolexpanddiv, on either arch).
module attributes {pto.target_arch = "a5"} {
  func.func @bf16_is_not_f16(%a: !pto.tile_buf<vec, 16x16xbf16>, %r: !pto.tile_buf<vec, 1x16xbf16>) {
    // expected-error @+1 {{'pto.tcolexpanddiv' op expects A5 tcolexpanddiv element type to be f16/f32}}
    pto.tcolexpanddiv ins(%a, %r : !pto.tile_buf<vec, 16x16xbf16>, !pto.tile_buf<vec, 1x16xbf16>) outs(%a : !pto.tile_buf<vec, 16x16xbf16>)
    return
  }
}

// -----

// An f8 entry is the family of 8-bit floats (A5's tload takes
// f8E4M3FN and f8E5M2 tiles).
// expected-no-diagnostics
module attributes {pto.target_arch = "a5"} {
  func.func @f8_family(%p: !pto.partition_tensor_view<32x32xf8E4M3FN>, %t: !pto.tile_buf<vec, 32x32xf8E4M3FN>, %q: !pto.partition_tensor_view<32x32xf8E5M2>, %u: !pto.tile_buf<vec, 32x32xf8E5M2>) {
    pto.tload ins(%p : !pto.partition_tensor_view<32x32xf8E4M3FN>) outs(%t : !pto.tile_buf<vec, 32x32xf8E4M3FN>)
    pto.tload ins(%q : !pto.partition_tensor_view<32x32xf8E5M2>) outs(%u : !pto.tile_buf<vec, 32x32xf8E5M2>)
    return
  }
}
