// RUN: pto-opt %s -split-input-file | FileCheck %s
// RUN: pto-opt %s -split-input-file | pto-opt -split-input-file | FileCheck %s
// RUN: pto-opt %s -split-input-file --mlir-print-op-generic | pto-opt -split-input-file | FileCheck %s

// The two spellings of a tile buffer are one type, printed in the compact
// form ptoas's own printer writes: defaults (row_major, none_box, 512,
// pad 0, the whole tile valid) are left out, a `?` valid extent stays.
// CHECK-LABEL: func.func @spellings(
// CHECK-SAME: %{{.*}}: !pto.tile_buf<vec, 16x64xf32>, %{{.*}}: !pto.tile_buf<vec, 16x64xf32>,
// CHECK-SAME: %{{.*}}: !pto.tile_buf<mat, 16x64xf16, valid=?x?, blayout=col_major, slayout=row_major, fractal=1024, pad=2, compact=1>,
// CHECK-SAME: %{{.*}}: !pto.tile_buf<vec, 16x16xi8, valid=8x16, blayout=col_major>)
func.func @spellings(%a: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>,
                     %b: !pto.tile_buf<vec, 16x64xf32>,
                     %c: !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=64, v_row=?, v_col=-1, blayout=col_major, slayout=row_major, fractal=1024, pad=2, compact=1>,
                     %d: !pto.tile_buf<"vec", 16x16xi8, blayout="col_major", valid=8x16>) {
  return
}

// -----

// Global memory: pointers, tensor views of them and partitions of those
// (the operands of tload and tstore), with ptoas's layout attribute.
// CHECK-LABEL: func.func @views(
// CHECK:   %[[V:.*]] = pto.make_tensor_view %arg0, shape = [%c32, %c32], strides = [%c32, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// CHECK:   %[[P:.*]] = pto.partition_view %[[V]], offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x32xf32>
// CHECK:   %[[T:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 32x32xf32>
// CHECK:   pto.tload ins(%[[P]] : !pto.partition_tensor_view<32x32xf32>) outs(%[[T]] : !pto.tile_buf<vec, 32x32xf32>)
// CHECK:   pto.tstore ins(%[[T]] : !pto.tile_buf<vec, 32x32xf32>) outs(%[[P]] : !pto.partition_tensor_view<32x32xf32>)
func.func @views(%arg0: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %v = pto.make_tensor_view %arg0, shape = [%c32, %c32], strides = [%c32, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
  %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x32xf32>
  %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%p : !pto.partition_tensor_view<32x32xf32>) outs(%t : !pto.tile_buf<vec, 32x32xf32>)
  pto.tstore ins(%t : !pto.tile_buf<vec, 32x32xf32>) outs(%p : !pto.partition_tensor_view<32x32xf32>)
  return
}

// -----

// alloc_tile's optional operands, in the order ptoas requires: an address
// (level 3) and the run-time valid rows and columns of a `?` tile.
// CHECK-LABEL: func.func @alloc(
// CHECK: pto.alloc_tile addr = %{{.*}} : !pto.tile_buf<vec, 16x16xf32>
// CHECK: pto.alloc_tile valid_row = %r valid_col = %c : !pto.tile_buf<vec, 16x16xf32, valid=?x?>
// CHECK: pto.alloc_tile addr = %{{.*}} valid_row = %r valid_col = %c : !pto.tile_buf<vec, 16x16xf32, valid=?x?>
func.func @alloc(%r: index, %c: index) {
  %a = arith.constant 4096 : i64
  %0 = pto.alloc_tile addr = %a : !pto.tile_buf<vec, 16x16xf32>
  %1 = pto.alloc_tile valid_row = %r valid_col = %c : !pto.tile_buf<vec, 16x16xf32, valid=?x?>
  %2 = pto.alloc_tile addr = %a valid_row = %r valid_col = %c : !pto.tile_buf<vec, 16x16xf32, valid=?x?>
  return
}

// -----

// The generated ins/outs forms: scalars ride in ins(...) with their types;
// tcvt's attribute dictionary sits inside ins(...); tmov and tstore give
// their optional operands types of their own.
// CHECK-LABEL: func.func @insouts(
// CHECK: pto.tadds ins(%[[A:.*]], %[[S:.*]] : !pto.tile_buf<vec, 16x16xf32>, f32) outs(%[[B:.*]] : !pto.tile_buf<vec, 16x16xf32>)
// CHECK: pto.tcvt ins(%[[A]] {rmode = #pto<round_mode ROUND>, sat_mode = #pto<saturation_mode ON>} : !pto.tile_buf<vec, 16x16xf32>) outs(%{{.*}} : !pto.tile_buf<vec, 16x16xf16>)
// CHECK: pto.tmov ins(%{{.*}} : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major>, %{{.*}} : !pto.tile_buf<scaling, 1x16xf16>) outs(%{{.*}} : !pto.tile_buf<mat, 16x16xi8>) {reluPreMode = #pto<relu_pre_mode normal_relu>}
// CHECK: pto.tstore ins(%{{.*}} : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major>, %{{.*}} : i64) outs(%{{.*}} : !pto.partition_tensor_view<16x16xi8>)
// CHECK: pto.tci ins(%{{.*}} {descending = true} : i32) outs(%{{.*}} : !pto.tile_buf<vec, 1x16xi32>)
func.func @insouts(%a: !pto.tile_buf<vec, 16x16xf32>, %b: !pto.tile_buf<vec, 16x16xf32>, %h: !pto.tile_buf<vec, 16x16xf16>, %s: f32,
                   %acc: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major>, %fp: !pto.tile_buf<scaling, 1x16xf16>,
                   %m: !pto.tile_buf<mat, 16x16xi8>, %acci: !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major>,
                   %gm: !pto.partition_tensor_view<16x16xi8>, %q: i64, %i: i32, %idx: !pto.tile_buf<vec, 1x16xi32>) {
  pto.tadds ins(%a, %s : !pto.tile_buf<vec, 16x16xf32>, f32) outs(%b : !pto.tile_buf<vec, 16x16xf32>)
  pto.tcvt ins(%a {rmode = #pto<round_mode ROUND>, sat_mode = #pto<saturation_mode ON>} : !pto.tile_buf<vec, 16x16xf32>) outs(%h : !pto.tile_buf<vec, 16x16xf16>)
  pto.tmov ins(%acc : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major>, %fp : !pto.tile_buf<scaling, 1x16xf16>) outs(%m : !pto.tile_buf<mat, 16x16xi8>) {reluPreMode = #pto<relu_pre_mode normal_relu>}
  pto.tstore ins(%acci : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major>, %q : i64) outs(%gm : !pto.partition_tensor_view<16x16xi8>)
  pto.tci ins(%i {descending = true} : i32) outs(%idx : !pto.tile_buf<vec, 1x16xi32>)
  return
}

// -----

// A tmov with a pre-quant scalar and no fp tile has no custom form that
// reads back the same (the scalar would be read as the fp tile): it
// prints in generic form, with its segment sizes.
// CHECK-LABEL: func.func @tmov_prequant(
// CHECK: "pto.tmov"(%acc, %m, %q) <{operandSegmentSizes = array<i32: 1, 1, 0, 1>, reluPreMode = #pto<relu_pre_mode normal_relu>}> : (!pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major>, !pto.tile_buf<mat, 16x16xi8>, i64) -> ()
func.func @tmov_prequant(%acc: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major>, %m: !pto.tile_buf<mat, 16x16xi8>, %q: i64) {
  "pto.tmov"(%acc, %m, %q) <{operandSegmentSizes = array<i32: 1, 1, 0, 1>, reluPreMode = #pto<relu_pre_mode normal_relu>}> : (!pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major>, !pto.tile_buf<mat, 16x16xi8>, i64) -> ()
  return
}

// -----

// Optional tmp tiles written after the operands they follow (trowexpand*,
// trsqrt), and the stripped attribute spellings of synchronisation ops,
// read in either spelling and printed stripped.
// CHECK-LABEL: func.func @tmp_and_sync(
// CHECK: pto.trowexpandmax ins(%a, %v : !pto.tile_buf<vec, 16x128xf32>, !pto.tile_buf<vec, 16x8xf32>) outs(%a : !pto.tile_buf<vec, 16x128xf32>)
// CHECK: pto.trowexpanddiv ins(%a, %v, %t : !pto.tile_buf<vec, 16x128xf32>, !pto.tile_buf<vec, 16x8xf32>, !pto.tile_buf<vec, 16x128xf32>) outs(%a : !pto.tile_buf<vec, 16x128xf32>)
// CHECK: pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
// CHECK: pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
// CHECK: pto.barrier <PIPE_ALL>
// CHECK: pto.record_event[#pto.pipe_event_type<TLOAD>, #pto.pipe_event_type<TVEC>, <EVENT_ID1>]
func.func @tmp_and_sync(%a: !pto.tile_buf<vec, 16x128xf32>, %v: !pto.tile_buf<vec, 16x8xf32>, %t: !pto.tile_buf<vec, 16x128xf32>) {
  pto.trowexpandmax ins(%a, %v : !pto.tile_buf<vec, 16x128xf32>, !pto.tile_buf<vec, 16x8xf32>) outs(%a : !pto.tile_buf<vec, 16x128xf32>)
  pto.trowexpanddiv ins(%a, %v, %t : !pto.tile_buf<vec, 16x128xf32>, !pto.tile_buf<vec, 16x8xf32>, !pto.tile_buf<vec, 16x128xf32>) outs(%a : !pto.tile_buf<vec, 16x128xf32>)
  pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
  pto.wait_flag[#pto.pipe<PIPE_MTE2>, #pto.pipe<PIPE_V>, #pto.event<EVENT_ID0>]
  pto.barrier <PIPE_ALL>
  pto.record_event[#pto.pipe_event_type<TLOAD>, #pto.pipe_event_type<TVEC>, <EVENT_ID1>]
  return
}

// -----

// The hand-written forms: tgather's index, compare and mask forms,
// tmrgsort's two formats, tcolsum with and without tmp, sync.set with a
// literal or a value.
// CHECK-LABEL: func.func @custom(
// CHECK: pto.tgather ins(%src, %idx, %itmp : !pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>) outs(%dst : !pto.tile_buf<vec, 1x32xf16>)
// CHECK: pto.tgather ins(%src, %k, %ctmp : !pto.tile_buf<vec, 1x32xf16>, f16, !pto.tile_buf<vec, 1x32xui8>) outs(%cdst, %cdst : !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>) {offset = 7 : i32}
// CHECK: pto.tgather ins(%src, {maskPattern = #pto.mask_pattern<P1111>} : !pto.tile_buf<vec, 1x32xf16>) outs(%dst : !pto.tile_buf<vec, 1x32xf16>)
// CHECK: pto.tgather ins(%src, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<vec, 1x32xf16>) outs(%dst : !pto.tile_buf<vec, 1x32xf16>)
// CHECK: pto.tmrgsort ins(%r, %blk : !pto.tile_buf<vec, 1x256xf32>, i32) outs(%r : !pto.tile_buf<vec, 1x256xf32>)
// CHECK: pto.tmrgsort ins(%r, %r, %r {exhausted = true} : !pto.tile_buf<vec, 1x256xf32>, !pto.tile_buf<vec, 1x256xf32>, !pto.tile_buf<vec, 1x256xf32>) outs(%r, %ex : !pto.tile_buf<vec, 1x256xf32>, vector<4xi16>)
// CHECK: pto.tcolsum ins(%big : !pto.tile_buf<vec, 16x128xf32>) outs(%row : !pto.tile_buf<vec, 1x128xf32>)
// CHECK: pto.tcolsum ins(%big, %big {isBinary = true} : !pto.tile_buf<vec, 16x128xf32>, !pto.tile_buf<vec, 16x128xf32>) outs(%row : !pto.tile_buf<vec, 1x128xf32>)
// CHECK: pto.sync.set <PIPE_MTE3>, 1 {ffts_mode = 2 : i32}
// CHECK: pto.sync.wait <PIPE_V>, %e
func.func @custom(%src: !pto.tile_buf<vec, 1x32xf16>, %idx: !pto.tile_buf<vec, 1x32xi32>, %itmp: !pto.tile_buf<vec, 1x32xi32>, %dst: !pto.tile_buf<vec, 1x32xf16>,
                  %k: f16, %ctmp: !pto.tile_buf<vec, 1x32xui8>, %cdst: !pto.tile_buf<vec, 1x32xi32>,
                  %r: !pto.tile_buf<vec, 1x256xf32>, %blk: i32, %ex: vector<4xi16>,
                  %big: !pto.tile_buf<vec, 16x128xf32>, %row: !pto.tile_buf<vec, 1x128xf32>, %e: index) {
  pto.tgather ins(%src, %idx, %itmp : !pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>) outs(%dst : !pto.tile_buf<vec, 1x32xf16>)
  pto.tgather ins(%src, %k, %ctmp : !pto.tile_buf<vec, 1x32xf16>, f16, !pto.tile_buf<vec, 1x32xui8>) outs(%cdst, %cdst : !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>) {offset = 7 : i32}
  pto.tgather ins(%src, {maskPattern = #pto.mask_pattern<P1111>} : !pto.tile_buf<vec, 1x32xf16>) outs(%dst : !pto.tile_buf<vec, 1x32xf16>)
  pto.tgather ins(%src : !pto.tile_buf<vec, 1x32xf16>) outs(%dst : !pto.tile_buf<vec, 1x32xf16>) maskPattern = #pto.mask_pattern<P0101>
  pto.tmrgsort ins(%r, %blk : !pto.tile_buf<vec, 1x256xf32>, i32) outs(%r : !pto.tile_buf<vec, 1x256xf32>)
  pto.tmrgsort ins(%r, %r, %r {exhausted = true} : !pto.tile_buf<vec, 1x256xf32>, !pto.tile_buf<vec, 1x256xf32>, !pto.tile_buf<vec, 1x256xf32>) outs(%r, %ex : !pto.tile_buf<vec, 1x256xf32>, vector<4xi16>)
  pto.tcolsum ins(%big : !pto.tile_buf<vec, 16x128xf32>) outs(%row : !pto.tile_buf<vec, 1x128xf32>)
  pto.tcolsum ins(%big, %big {isBinary = true} : !pto.tile_buf<vec, 16x128xf32>, !pto.tile_buf<vec, 16x128xf32>) outs(%row : !pto.tile_buf<vec, 1x128xf32>)
  pto.sync.set #pto.pipe<PIPE_MTE3>, 1 {ffts_mode = 2 : i32}
  pto.sync.wait <PIPE_V>, %e
  return
}

// -----

// Pointers print stripped where ptoas's format says type($ptr) of a
// pointer (addptr), and the attribute-spelled forms of the pipe ops keep
// their keywords; a section's single block has no terminator.
// CHECK-LABEL: func.func @pipes(
// CHECK: %[[P:.*]] = pto.addptr %gm, %{{.*}} : <f32> -> <f32>
// CHECK: pto.aic_initialize_pipe{dir_mask = 1, slot_size = 1024} (gm_slot_buffer = %[[P]] : !pto.ptr<f32>, c2v_consumer_buf = %{{.*}} : i32, v2c_consumer_buf = %{{.*}} : i32)
// CHECK: pto.section.cube {
// CHECK-NEXT:   pto.tpush_to_aiv(%acc : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {split = 0}
// CHECK-NEXT: }
func.func @pipes(%gm: !pto.ptr<f32>, %acc: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i32
  %p = pto.addptr %gm, %c0 : !pto.ptr<f32> -> <f32>
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 1024} (gm_slot_buffer = %p : !pto.ptr<f32>, c2v_consumer_buf = %z : i32, v2c_consumer_buf = %z : i32)
  pto.section.cube {
    pto.tpush_to_aiv(%acc : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {split = 0}
  }
  return
}
