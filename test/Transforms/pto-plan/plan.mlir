// RUN: pto-opt %s -split-input-file --target=ascend910b -pto-memory-plan="planner=dsa-rp" | FileCheck %s
// RUN: pto-opt %s -split-input-file --target=ascend910b -pto-memory-plan="planner=dsa-rp inplace=false" | FileCheck %s --check-prefix=NOINPLACE

// Every alloc_tile gets an addr, an i64 constant. In place (the
// default), %c, written by the tadd at which %a dies, takes %a's
// address. Without in-place an output never shares an input, and %d,
// written after %a died, takes %a's bytes instead.
// CHECK-LABEL: func.func @reuse
// CHECK: %a = pto.alloc_tile addr = %[[X:[^ ]*]] :
// CHECK: %b = pto.alloc_tile addr = %[[Y:[^ ]*]] :
// CHECK: %c = pto.alloc_tile addr = %[[X]] :
// NOINPLACE-LABEL: func.func @reuse
// NOINPLACE: %a = pto.alloc_tile addr = %[[X:[^ ]*]] :
// NOINPLACE: %b = pto.alloc_tile addr = %[[Y:[^ ]*]] :
// NOINPLACE-NOT: %c = pto.alloc_tile addr = %[[X]] :
// NOINPLACE: %d = pto.alloc_tile addr = %[[X]] :
func.func @reuse(%src: !pto.partition_tensor_view<32x32xf32>, %dst: !pto.partition_tensor_view<32x32xf32>) {
  %s = arith.constant 2.0 : f32
  %a = pto.alloc_tile : !pto.tile_buf<vec, 32x32xf32>
  %b = pto.alloc_tile : !pto.tile_buf<vec, 32x32xf32>
  %c = pto.alloc_tile : !pto.tile_buf<vec, 32x32xf32>
  %d = pto.alloc_tile : !pto.tile_buf<vec, 32x32xf32>
  pto.tload ins(%src : !pto.partition_tensor_view<32x32xf32>) outs(%a : !pto.tile_buf<vec, 32x32xf32>)
  pto.tload ins(%src : !pto.partition_tensor_view<32x32xf32>) outs(%b : !pto.tile_buf<vec, 32x32xf32>)
  pto.tadd ins(%a, %b : !pto.tile_buf<vec, 32x32xf32>, !pto.tile_buf<vec, 32x32xf32>) outs(%c : !pto.tile_buf<vec, 32x32xf32>)
  pto.tmuls ins(%c, %s : !pto.tile_buf<vec, 32x32xf32>, f32) outs(%d : !pto.tile_buf<vec, 32x32xf32>)
  pto.tadd ins(%d, %b : !pto.tile_buf<vec, 32x32xf32>, !pto.tile_buf<vec, 32x32xf32>) outs(%c : !pto.tile_buf<vec, 32x32xf32>)
  pto.tstore ins(%c : !pto.tile_buf<vec, 32x32xf32>) outs(%dst : !pto.partition_tensor_view<32x32xf32>)
  return
}

// -----

// A view keeps its source alive: %a is read through its bitcast %v after
// %b is loaded, so %b cannot take %a's bytes although %a itself is not
// named again.
// CHECK-LABEL: func.func @view_keeps_source
// CHECK: %a = pto.alloc_tile addr = %[[X:[^ ]*]] :
// CHECK-NOT: %b = pto.alloc_tile addr = %[[X]] :
// CHECK: return
func.func @view_keeps_source(%src: !pto.partition_tensor_view<32x32xf32>, %dst: !pto.partition_tensor_view<32x32xi32>) {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 32x32xf32>
  %b = pto.alloc_tile : !pto.tile_buf<vec, 32x32xi32>
  %c = pto.alloc_tile : !pto.tile_buf<vec, 32x32xi32>
  pto.tload ins(%src : !pto.partition_tensor_view<32x32xf32>) outs(%a : !pto.tile_buf<vec, 32x32xf32>)
  %v = pto.bitcast %a : !pto.tile_buf<vec, 32x32xf32> -> !pto.tile_buf<vec, 32x32xi32>
  pto.tload ins(%src : !pto.partition_tensor_view<32x32xf32>) outs(%b : !pto.tile_buf<vec, 32x32xi32>)
  pto.tadd ins(%v, %b : !pto.tile_buf<vec, 32x32xi32>, !pto.tile_buf<vec, 32x32xi32>) outs(%c : !pto.tile_buf<vec, 32x32xi32>)
  pto.tstore ins(%c : !pto.tile_buf<vec, 32x32xi32>) outs(%dst : !pto.partition_tensor_view<32x32xi32>)
  return
}

// -----

// A tile written whole at the top of every iteration before anything
// reads it (%x) carries nothing from one iteration to the next, so its
// lifetime is its part of the body and %y, used after it in the body,
// takes its bytes. %acc, read before it is written in an iteration,
// lives through the whole loop and shares with neither.
// CHECK-LABEL: func.func @per_iteration
// CHECK: %acc = pto.alloc_tile addr = %[[A:[^ ]*]] :
// CHECK: %x = pto.alloc_tile addr = %[[X:[^ ]*]] :
// CHECK: %y = pto.alloc_tile addr = %[[X]] :
func.func @per_iteration(%src: !pto.partition_tensor_view<16x16xf32>, %dst: !pto.partition_tensor_view<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %acc = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  %x = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  %y = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  pto.tload ins(%src : !pto.partition_tensor_view<16x16xf32>) outs(%acc : !pto.tile_buf<vec, 16x16xf32>)
  scf.for %i = %c0 to %c4 step %c1 {
    pto.tload ins(%src : !pto.partition_tensor_view<16x16xf32>) outs(%x : !pto.tile_buf<vec, 16x16xf32>)
    pto.tadd ins(%acc, %x : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%acc : !pto.tile_buf<vec, 16x16xf32>)
    pto.tload ins(%src : !pto.partition_tensor_view<16x16xf32>) outs(%y : !pto.tile_buf<vec, 16x16xf32>)
    pto.tmul ins(%acc, %y : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%acc : !pto.tile_buf<vec, 16x16xf32>)
  }
  pto.tstore ins(%acc : !pto.tile_buf<vec, 16x16xf32>) outs(%dst : !pto.partition_tensor_view<16x16xf32>)
  return
}

// -----

// A tmp operand is written at its op: it shares bytes with neither the
// source nor the destination of the trowsum, although it is never read.
// CHECK-LABEL: func.func @tmp_written
// CHECK: %src = pto.alloc_tile addr = %[[S:[^ ]*]] :
// CHECK-NOT: %tmp = pto.alloc_tile addr = %[[S]] :
// CHECK: %dst = pto.alloc_tile addr = %[[D:[^ ]*]] :
func.func @tmp_written(%in: !pto.partition_tensor_view<16x16xf32>, %out: !pto.partition_tensor_view<16x1xf32>) {
  %src = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  %tmp = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  %dst = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%in : !pto.partition_tensor_view<16x16xf32>) outs(%src : !pto.tile_buf<vec, 16x16xf32>)
  pto.trowsum ins(%src, %tmp : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%dst : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>)
  pto.tstore ins(%dst : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>) outs(%out : !pto.partition_tensor_view<16x1xf32>)
  return
}

// -----

// A reserved region (the consumer buffer of a pipe) gets a base and
// shares its bytes with no tile; a tile a pipe hands over (tpop_from_aic)
// has no storage to plan and gets no address.
// CHECK-LABEL: func.func @reserve_and_pipe
// CHECK: pto.reserve_buffer{{.*}}base = {{[0-9]+}}
// CHECK: %t = pto.alloc_tile addr = %c{{[0-9]+}}_i64 :
// CHECK: pto.tpop_from_aic {split = 0} ->
func.func @reserve_and_pipe(%out: !pto.partition_tensor_view<16x16xf32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %c0_i32 = arith.constant 0 : i32
  %fifo = pto.reserve_buffer {name = "fifo", size = 4096, location = #pto.address_space<vec>, auto = true} -> i32
  pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 1024} (c2v_consumer_buf = %fifo : i32, v2c_consumer_buf = %c0_i32 : i32)
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  %p = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<vec, 16x16xf32>
  pto.tmov ins(%p : !pto.tile_buf<vec, 16x16xf32>) outs(%t : !pto.tile_buf<vec, 16x16xf32>)
  pto.tstore ins(%t : !pto.tile_buf<vec, 16x16xf32>) outs(%out : !pto.partition_tensor_view<16x16xf32>)
  pto.tfree_from_aic {split = 0}
  return
}

// -----

// Tiles used only on opposite arms of ifs on one condition are never
// touched in one run: %t and %e share bytes, although each is live from
// its load in the first if to its extract in the second.
// CHECK-LABEL: func.func @exclusive_arms
// CHECK: %t = pto.alloc_tile addr = %[[X:[^ ]*]] :
// CHECK: %e = pto.alloc_tile addr = %[[X]] :
func.func @exclusive_arms(%c: i1, %a: !pto.partition_tensor_view<32x32xf32>, %b: !pto.partition_tensor_view<32x32xf32>, %out: !pto.partition_tensor_view<32x32xf32>) {
  %t = pto.alloc_tile : !pto.tile_buf<vec, 32x32xf32>
  %e = pto.alloc_tile : !pto.tile_buf<vec, 32x32xf32>
  %r = pto.alloc_tile : !pto.tile_buf<vec, 32x32xf32>
  scf.if %c {
    pto.tload ins(%a : !pto.partition_tensor_view<32x32xf32>) outs(%t : !pto.tile_buf<vec, 32x32xf32>)
  } else {
    pto.tload ins(%b : !pto.partition_tensor_view<32x32xf32>) outs(%e : !pto.tile_buf<vec, 32x32xf32>)
  }
  pto.tload ins(%b : !pto.partition_tensor_view<32x32xf32>) outs(%r : !pto.tile_buf<vec, 32x32xf32>)
  scf.if %c {
    pto.tadd ins(%t, %r : !pto.tile_buf<vec, 32x32xf32>, !pto.tile_buf<vec, 32x32xf32>) outs(%r : !pto.tile_buf<vec, 32x32xf32>)
  } else {
    pto.tmul ins(%e, %r : !pto.tile_buf<vec, 32x32xf32>, !pto.tile_buf<vec, 32x32xf32>) outs(%r : !pto.tile_buf<vec, 32x32xf32>)
  }
  pto.tstore ins(%r : !pto.tile_buf<vec, 32x32xf32>) outs(%out : !pto.partition_tensor_view<32x32xf32>)
  return
}

// -----

// The same arms inside a loop, with the condition computed in each
// iteration: a run may take one arm in one iteration and the other in
// the next, so %t and %e, live across iterations, do not share.
// CHECK-LABEL: func.func @exclusive_arms_in_loop
// CHECK: %t = pto.alloc_tile addr = %[[X:[^ ]*]] :
// CHECK-NOT: %e = pto.alloc_tile addr = %[[X]] :
// CHECK: return
func.func @exclusive_arms_in_loop(%n: index, %a: !pto.partition_tensor_view<32x32xf32>, %out: !pto.partition_tensor_view<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = pto.alloc_tile : !pto.tile_buf<vec, 32x32xf32>
  %e = pto.alloc_tile : !pto.tile_buf<vec, 32x32xf32>
  scf.for %i = %c0 to %n step %c1 {
    %c = arith.cmpi eq, %i, %c0 : index
    scf.if %c {
      pto.tload ins(%a : !pto.partition_tensor_view<32x32xf32>) outs(%t : !pto.tile_buf<vec, 32x32xf32>)
    } else {
      pto.tload ins(%a : !pto.partition_tensor_view<32x32xf32>) outs(%e : !pto.tile_buf<vec, 32x32xf32>)
    }
    scf.if %c {
      pto.tstore ins(%e : !pto.tile_buf<vec, 32x32xf32>) outs(%out : !pto.partition_tensor_view<32x32xf32>)
    } else {
      pto.tstore ins(%t : !pto.tile_buf<vec, 32x32xf32>) outs(%out : !pto.partition_tensor_view<32x32xf32>)
    }
  }
  return
}

// -----

// An input read again through a view by the same op is not written over:
// the tadd reads %a and its bitcast %v at once, so %c, its output, keeps
// bytes of its own although %a dies there.
// CHECK-LABEL: func.func @inplace_not_over_a_view
// CHECK: %a = pto.alloc_tile addr = %[[X:[^ ]*]] :
// CHECK-NOT: %c = pto.alloc_tile addr = %[[X]] :
// CHECK: return
func.func @inplace_not_over_a_view(%src: !pto.partition_tensor_view<16x16xi32>, %dst: !pto.partition_tensor_view<16x16xi32>) {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x16xi32>
  %c = pto.alloc_tile : !pto.tile_buf<vec, 16x16xi32>
  pto.tload ins(%src : !pto.partition_tensor_view<16x16xi32>) outs(%a : !pto.tile_buf<vec, 16x16xi32>)
  %v = pto.treshape %a : !pto.tile_buf<vec, 16x16xi32> -> !pto.tile_buf<vec, 16x16xi32>
  pto.tadd ins(%a, %v : !pto.tile_buf<vec, 16x16xi32>, !pto.tile_buf<vec, 16x16xi32>) outs(%c : !pto.tile_buf<vec, 16x16xi32>)
  pto.tstore ins(%c : !pto.tile_buf<vec, 16x16xi32>) outs(%dst : !pto.partition_tensor_view<16x16xi32>)
  return
}

// -----

// A tile loaded before an scf.while and read in its body is read again
// in every iteration: it is live for the whole loop, so %y, written and
// read after that read in the body, does not take its bytes; %post,
// first written after the loop, does.
// CHECK-LABEL: func.func @while_loop
// CHECK: %x = pto.alloc_tile addr = %[[X:[^ ]*]] :
// CHECK-NOT: %y = pto.alloc_tile addr = %[[X]] :
// CHECK: %post = pto.alloc_tile addr = %[[X]] :
func.func @while_loop(%n: i32, %src: !pto.partition_tensor_view<16x16xf32>, %dst: !pto.partition_tensor_view<16x16xf32>) {
  %c1 = arith.constant 1 : i32
  %x = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  %y = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  %post = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  pto.tload ins(%src : !pto.partition_tensor_view<16x16xf32>) outs(%x : !pto.tile_buf<vec, 16x16xf32>)
  %r = scf.while (%k = %n) : (i32) -> i32 {
    %go = arith.cmpi sgt, %k, %c1 : i32
    scf.condition(%go) %k : i32
  } do {
  ^bb0(%k2: i32):
    pto.tstore ins(%x : !pto.tile_buf<vec, 16x16xf32>) outs(%dst : !pto.partition_tensor_view<16x16xf32>)
    pto.tload ins(%src : !pto.partition_tensor_view<16x16xf32>) outs(%y : !pto.tile_buf<vec, 16x16xf32>)
    pto.tstore ins(%y : !pto.tile_buf<vec, 16x16xf32>) outs(%dst : !pto.partition_tensor_view<16x16xf32>)
    %k3 = arith.subi %k2, %c1 : i32
    scf.yield %k3 : i32
  }
  pto.tload ins(%src : !pto.partition_tensor_view<16x16xf32>) outs(%post : !pto.tile_buf<vec, 16x16xf32>)
  pto.tstore ins(%post : !pto.tile_buf<vec, 16x16xf32>) outs(%dst : !pto.partition_tensor_view<16x16xf32>)
  return
}

// -----

// A tile made inside a loop body and carried to the next iteration
// (yielded, read back through the iteration argument) holds its bytes
// across the iterations: %x, used after the tile's last access in the
// body, does not take them.
// CHECK-LABEL: func.func @carried_from_inside
// CHECK: %a = pto.alloc_tile addr = %[[A:[^ ]*]] :
// CHECK-NOT: %x = pto.alloc_tile addr = %[[A]] :
// CHECK: scf.yield
func.func @carried_from_inside(%n: index, %src: !pto.partition_tensor_view<16x16xf32>, %dst: !pto.partition_tensor_view<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = arith.constant 2.0 : f32
  %init = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  pto.tload ins(%src : !pto.partition_tensor_view<16x16xf32>) outs(%init : !pto.tile_buf<vec, 16x16xf32>)
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%it = %init) -> (!pto.tile_buf<vec, 16x16xf32>) {
    %a = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
    pto.tadds ins(%it, %s : !pto.tile_buf<vec, 16x16xf32>, f32) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
    %x = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
    pto.tload ins(%src : !pto.partition_tensor_view<16x16xf32>) outs(%x : !pto.tile_buf<vec, 16x16xf32>)
    pto.tstore ins(%x : !pto.tile_buf<vec, 16x16xf32>) outs(%dst : !pto.partition_tensor_view<16x16xf32>)
    scf.yield %a : !pto.tile_buf<vec, 16x16xf32>
  }
  return
}
