// RUN: pto-opt %s -split-input-file -convert-tile-to-pto | FileCheck %s
// RUN: pto-opt %s -split-input-file -convert-tile-to-pto | pto-opt -split-input-file | FileCheck %s --check-prefix=REPARSE

// A planned kernel with addresses (allocate-addr ran): one pto.alloc_tile
// per tile buffer at `addr = %c` (an i64 constant), loads and stores on
// partition views (offsets and sizes as index values) of tensor views
// made from the arguments, which became pointers, as ptoas takes them;
// the function returns no tensor; tile.alloc ops are gone.
// CHECK-LABEL: func.func @addressed(
// CHECK-SAME:      %[[IN:.*]]: !pto.ptr<f32>, %[[OUT:.*]]: !pto.ptr<f32>, %[[SIN:.*]]: !pto.ptr<f32>) {
// CHECK-NOT:   tile.
// CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : i64
// CHECK-DAG:   %[[C16K:.*]] = arith.constant 16384 : i64
// CHECK-DAG:   %[[A:.*]] = pto.alloc_tile addr = %[[C0]] : !pto.tile_buf<vec, 64x64xf32>
// CHECK-DAG:   %[[B:.*]] = pto.alloc_tile addr = %[[C16K]] : !pto.tile_buf<vec, 64x64xf32>
// CHECK-DAG:   %[[S:.*]] = pto.alloc_tile addr = %[[C0]] : !pto.tile_buf<vec, 64x1xf32>
// CHECK-DAG:   %[[I0:.*]] = arith.constant 0 : index
// CHECK-DAG:   %[[I1:.*]] = arith.constant 1 : index
// CHECK-DAG:   %[[I64:.*]] = arith.constant 64 : index
// CHECK-DAG:   %[[VIN:.*]] = pto.make_tensor_view %[[IN]], shape = [%[[I64]], %[[I64]]], strides = [%[[I64]], %[[I1]]] : !pto.tensor_view<?x?xf32>
// CHECK-DAG:   %[[VSIN:.*]] = pto.make_tensor_view %[[SIN]], shape = [%[[I64]], %[[I1]]], strides = [%[[I1]], %[[I1]]] : !pto.tensor_view<?x?xf32>
// CHECK-DAG:   %[[VOUT:.*]] = pto.make_tensor_view %[[OUT]], shape = [%[[I64]], %[[I64]]], strides = [%[[I64]], %[[I1]]] : !pto.tensor_view<?x?xf32>
// CHECK:       %[[P:.*]] = pto.partition_view %[[VIN]], offsets = [%[[I0]], %[[I0]]], sizes = [%[[I64]], %[[I64]]] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<64x64xf32>
// CHECK-NEXT:  pto.tload ins(%[[P]] : !pto.partition_tensor_view<64x64xf32>) outs(%[[A]] : !pto.tile_buf<vec, 64x64xf32>)
// CHECK-NEXT:  pto.texp ins(%[[A]] : !pto.tile_buf<vec, 64x64xf32>) outs(%[[B]] : !pto.tile_buf<vec, 64x64xf32>)
// CHECK-NEXT:  %[[PS:.*]] = pto.partition_view %[[VSIN]], offsets = [%[[I0]], %[[I0]]], sizes = [%[[I64]], %[[I1]]] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<64x1xf32>
// CHECK-NEXT:  pto.tload ins(%[[PS]] : !pto.partition_tensor_view<64x1xf32>) outs(%[[S]] : !pto.tile_buf<vec, 64x1xf32>)
// CHECK-NEXT:  pto.trowexpandsub ins(%[[B]], %[[S]] : !pto.tile_buf<vec, 64x64xf32>, !pto.tile_buf<vec, 64x1xf32>) outs(%[[B]] : !pto.tile_buf<vec, 64x64xf32>)
// CHECK-NEXT:  %[[Q:.*]] = pto.partition_view %[[VOUT]], offsets = [%[[I0]], %[[I0]]], sizes = [%[[I64]], %[[I64]]]
// CHECK-NEXT:  pto.tstore ins(%[[B]] : !pto.tile_buf<vec, 64x64xf32>) outs(%[[Q]] : !pto.partition_tensor_view<64x64xf32>)
// CHECK-NEXT:  return{{$}}
// REPARSE-LABEL: func.func @addressed(
// REPARSE:       pto.tload ins(
func.func @addressed(%in: !tile.tensor<64x64xf32>, %out: !tile.tensor<64x64xf32>, %sin: !tile.tensor<64x1xf32>) -> !tile.tensor<64x64xf32> {
  %mem_vec_0 = tile.alloc vec, 16384 {addr = 0} : !tile.buf<vec>
  %mem_vec_1 = tile.alloc vec, 16384 {addr = 16384} : !tile.buf<vec>
  %mem_vec_2 = tile.alloc vec, 256 {addr = 0} : !tile.buf<vec>
  %a = tile.load %in into %mem_vec_0 {offsets = [0, 0]} : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  %b = tile.exp %a into %mem_vec_1 : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  %s = tile.load %sin into %mem_vec_2 {offsets = [0, 0]} : (!tile.tensor<64x1xf32>) -> !tile.tile<64x1xf32, vec>
  %d = tile.row_expand_sub %b, %s into %mem_vec_1 : (!tile.tile<64x64xf32, vec>, !tile.tile<64x1xf32, vec>) -> !tile.tile<64x64xf32, vec>
  %r = tile.store %d, %out {offsets = [0, 0]} : (!tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32>
  return %r : !tile.tensor<64x64xf32>
}

// -----

// Without addresses (planner=ptoas): pto.alloc_tile has no addr and ptoas
// plans; tiles in one allocation (here the in-place accumulator) still
// share one pto.alloc_tile, so ptoas sees one buffer.
// CHECK-LABEL: func.func @unaddressed(
// CHECK-NOT:   arith.constant {{.*}} : i64
// CHECK:       %[[ACC:.*]] = pto.alloc_tile : !pto.tile_buf<acc, 32x32xf32>
// CHECK:       pto.tmatmul ins(%{{.*}}, %{{.*}} : !pto.tile_buf<left, 32x32xf16>, !pto.tile_buf<right, 32x32xf16>) outs(%[[ACC]] : !pto.tile_buf<acc, 32x32xf32>)
// CHECK-NEXT:  pto.tmatmul.acc ins(%[[ACC]], %{{.*}}, %{{.*}} : {{.*}}) outs(%[[ACC]] : !pto.tile_buf<acc, 32x32xf32>)
func.func @unaddressed(%l: !tile.tensor<32x32xf16>, %r: !tile.tensor<32x32xf16>) {
  %mem_left_0 = tile.alloc left, 2048 : !tile.buf<left>
  %mem_right_0 = tile.alloc right, 2048 : !tile.buf<right>
  %mem_acc_0 = tile.alloc acc, 4096 : !tile.buf<acc>
  %a = tile.load %l into %mem_left_0 {offsets = [0, 0]} : (!tile.tensor<32x32xf16>) -> !tile.tile<32x32xf16, left>
  %b = tile.load %r into %mem_right_0 {offsets = [0, 0]} : (!tile.tensor<32x32xf16>) -> !tile.tile<32x32xf16, right>
  %c = tile.matmul %a, %b into %mem_acc_0 : (!tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>) -> !tile.tile<32x32xf32, acc>
  %d = tile.matmul_acc %c, %a, %b : (!tile.tile<32x32xf32, acc>, !tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>) -> !tile.tile<32x32xf32, acc>
  return
}

// -----

// A loop-carried tile is the buffer it was planned into: the scf.for loses
// its tile iter_arg and result, the body writes the carry's pto.alloc_tile
// in place, and a non-tile iter_arg (the f32 counter) is kept; its
// arith.addf becomes subf of the negation, the same IEEE operation, which
// ptoas lowers (it has no addf). The loads
// walk the tensor: one index operand with offsets = [0, 32] means column
// 32 * %k; the store after the loop reads the carry's buffer.
// CHECK-LABEL: func.func @carried(
// CHECK-DAG:   %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG:   %[[X:.*]] = pto.alloc_tile addr = %{{.*}} : !pto.tile_buf<vec, 16x32xf32>
// CHECK:       pto.tload ins(%{{.*}}) outs(%[[X]] :
// CHECK:       %[[S:.*]] = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[F:.*]] = %{{.*}}) -> (f32) {
// CHECK-NEXT:    %[[COL:.*]] = arith.muli %[[K]], %[[C32]] : index
// CHECK-NEXT:    %[[P:.*]] = pto.partition_view %{{.*}}, offsets = [%{{.*}}, %[[COL]]], sizes = [%{{.*}}, %[[C32]]] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x32xf32>
// CHECK-NEXT:    pto.tload ins(%[[P]] : {{.*}}) outs(%[[Y:.*]] : !pto.tile_buf<vec, 16x32xf32>)
// CHECK-NEXT:    pto.tadd ins(%[[X]], %[[Y]] : {{.*}}) outs(%[[X]] : !pto.tile_buf<vec, 16x32xf32>)
// CHECK-NEXT:    %[[N:.*]] = arith.negf %[[F]] : f32
// CHECK-NEXT:    %[[G:.*]] = arith.subf %[[F]], %[[N]] : f32
// CHECK-NEXT:    scf.yield %[[G]] : f32
// CHECK-NEXT:  }
// CHECK-NEXT:  %[[Q:.*]] = pto.partition_view
// CHECK-NEXT:  pto.tstore ins(%[[X]] : !pto.tile_buf<vec, 16x32xf32>) outs(%[[Q]] :
// CHECK-NEXT:  return{{$}}
func.func @carried(%in: !tile.tensor<16x128xf32>, %out: !tile.tensor<16x32xf32>, %n: index, %f0: f32) -> !tile.tensor<16x32xf32> {
  %mem_vec_0 = tile.alloc vec, 2048 {addr = 0} : !tile.buf<vec>
  %mem_vec_1 = tile.alloc vec, 2048 {addr = 2048} : !tile.buf<vec>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x0 = tile.load %in into %mem_vec_0 {offsets = [0, 0]} : (!tile.tensor<16x128xf32>) -> !tile.tile<16x32xf32, vec>
  %x, %s = scf.for %k = %c1 to %n step %c1 iter_args(%xi = %x0, %f = %f0) -> (!tile.tile<16x32xf32, vec>, f32) {
    %y = tile.load %in, %k into %mem_vec_1 {offsets = [0, 32]} : (!tile.tensor<16x128xf32>, index) -> !tile.tile<16x32xf32, vec>
    %z = tile.add %xi, %y into %mem_vec_0 : (!tile.tile<16x32xf32, vec>, !tile.tile<16x32xf32, vec>) -> !tile.tile<16x32xf32, vec>
    %g = arith.addf %f, %f : f32
    scf.yield %z, %g : !tile.tile<16x32xf32, vec>, f32
  }
  %r = tile.store %x, %out {offsets = [0, 0]} : (!tile.tile<16x32xf32, vec>, !tile.tensor<16x32xf32>) -> !tile.tensor<16x32xf32>
  return %r : !tile.tensor<16x32xf32>
}

// -----

// An scf.if result lives in one buffer written by both arms: the if loses
// its result and both arms write the same pto.alloc_tile.
// CHECK-LABEL: func.func @branches(
// CHECK:       %[[C2048:.*]] = arith.constant 2048 : i64
// CHECK-NEXT:  %[[Y:.*]] = pto.alloc_tile addr = %[[C2048]] : !pto.tile_buf<vec, 8x64xf32>
// CHECK:       scf.if %{{.*}} {
// CHECK-NEXT:    pto.texp ins(%{{.*}} : {{.*}}) outs(%[[Y]] : !pto.tile_buf<vec, 8x64xf32>)
// CHECK-NEXT:  } else {
// CHECK-NEXT:    pto.tneg ins(%{{.*}} : {{.*}}) outs(%[[Y]] : !pto.tile_buf<vec, 8x64xf32>)
// CHECK-NEXT:  }
// CHECK-NEXT:  pto.tabs ins(%[[Y]] : !pto.tile_buf<vec, 8x64xf32>)
func.func @branches(%in: !tile.tensor<8x64xf32>, %flag: i1) {
  %mem_vec_0 = tile.alloc vec, 2048 {addr = 0} : !tile.buf<vec>
  %mem_vec_1 = tile.alloc vec, 2048 {addr = 2048} : !tile.buf<vec>
  %mem_vec_2 = tile.alloc vec, 2048 {addr = 4096} : !tile.buf<vec>
  %x = tile.load %in into %mem_vec_0 {offsets = [0, 0]} : (!tile.tensor<8x64xf32>) -> !tile.tile<8x64xf32, vec>
  %y = scf.if %flag -> (!tile.tile<8x64xf32, vec>) {
    %e = tile.exp %x into %mem_vec_1 : (!tile.tile<8x64xf32, vec>) -> !tile.tile<8x64xf32, vec>
    scf.yield %e : !tile.tile<8x64xf32, vec>
  } else {
    %n = tile.neg %x into %mem_vec_1 : (!tile.tile<8x64xf32, vec>) -> !tile.tile<8x64xf32, vec>
    scf.yield %n : !tile.tile<8x64xf32, vec>
  }
  %s = tile.abs %y into %mem_vec_2 : (!tile.tile<8x64xf32, vec>) -> !tile.tile<8x64xf32, vec>
  return
}

// -----

// A destination offset (`into %buf + 1024`) adds to the allocation's
// address, and a view (reshape) is ptoas's SSA pto.treshape of its source's
// buffer. Loads with one index operand per dimension add them to the
// static offsets.
// CHECK-LABEL: func.func @offsets_and_views(
// CHECK-DAG:   %[[C1024:.*]] = arith.constant 1024 : i64
// CHECK-DAG:   %[[C4096:.*]] = arith.constant 4096 : i64
// CHECK-DAG:   %[[HI:.*]] = pto.alloc_tile addr = %[[C4096]] : !pto.tile_buf<vec, 16x16xf32>
// CHECK-DAG:   %[[V:.*]] = pto.alloc_tile addr = %[[C1024]] : !pto.tile_buf<vec, 16x16xf32>
// CHECK-DAG:   %[[C8:.*]] = arith.constant 8 : index
// CHECK:       %[[R:.*]] = arith.addi %{{.*}}, %[[C8]] : index
// CHECK-NEXT:  %[[P:.*]] = pto.partition_view %{{.*}}, offsets = [%[[R]], %{{.*}}], sizes = [%{{.*}}, %{{.*}}]
// CHECK-NEXT:  pto.tload ins(%[[P]] : {{.*}}) outs(%[[V]] :
// CHECK-NEXT:  %{{.*}} = pto.treshape %[[V]] : !pto.tile_buf<vec, 16x16xf32> -> !pto.tile_buf<vec, 8x32xf32>
// CHECK-NEXT:  pto.tabs ins(%[[V]] : {{.*}}) outs(%[[HI]] :
func.func @offsets_and_views(%in: !tile.tensor<64x64xf32>, %i: index, %j: index) {
  %mem_vec_0 = tile.alloc vec, 2048 {addr = 0} : !tile.buf<vec>
  %mem_vec_1 = tile.alloc vec, 1024 {addr = 4096} : !tile.buf<vec>
  %v = tile.load %in, %i, %j into %mem_vec_0 + 1024 {offsets = [8, 0]} : (!tile.tensor<64x64xf32>, index, index) -> !tile.tile<16x16xf32, vec>
  %w = tile.reshape %v : (!tile.tile<16x16xf32, vec>) -> !tile.tile<8x32xf32, vec>
  %h = tile.abs %v into %mem_vec_1 : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  return
}

// -----

// A tensor carried through a loop (a store per iteration into the loop's
// tensor iter_arg) is the argument itself: the iter_arg disappears and the
// store writes the argument's partition.
// CHECK-LABEL: func.func @tensor_carry(
// CHECK-SAME:      %[[OUT:[^:]*]]: !pto.ptr<f32>) {
// CHECK:       %[[VOUT:.*]] = pto.make_tensor_view %[[OUT]],
// CHECK:       scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:    %[[P:.*]] = pto.partition_view %[[VOUT]], offsets = [%[[I]], %{{.*}}], sizes = [%{{.*}}, %{{.*}}]
// CHECK-NEXT:    pto.tstore ins(%{{.*}} : !pto.tile_buf<vec, 16x16xf32>) outs(%[[P]] : !pto.partition_tensor_view<16x16xf32>)
// CHECK-NEXT:  }
// CHECK-NEXT:  return{{$}}
func.func @tensor_carry(%in: !tile.tensor<16x16xf32>, %out: !tile.tensor<64x16xf32>) -> !tile.tensor<64x16xf32> {
  %mem_vec_0 = tile.alloc vec, 1024 {addr = 0} : !tile.buf<vec>
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %x = tile.load %in into %mem_vec_0 {offsets = [0, 0]} : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %r = scf.for %i = %c0 to %c64 step %c16 iter_args(%o = %out) -> (!tile.tensor<64x16xf32>) {
    %o2 = tile.store %x, %o, %i, %c0 : (!tile.tile<16x16xf32, vec>, !tile.tensor<64x16xf32>, index, index) -> !tile.tensor<64x16xf32>
    scf.yield %o2 : !tile.tensor<64x16xf32>
  }
  return %r : !tile.tensor<64x16xf32>
}

// -----

// A tile.slice is a window of its source's buffer: a pto.subset at the
// slice's offsets (one step index %i with offsets = [16, 0] is row 16 * %i),
// which the ops reading the window take as their operand. A valid region
// travels in the tile's type: !pto.tile_buf<..., valid=RxC>; the window's
// is the one ptoas infers, unknown (?) in rows at a row offset that is not
// a constant.
// CHECK-LABEL: func.func @window(
// CHECK-DAG:   %[[A:.*]] = pto.alloc_tile addr = %{{.*}} : !pto.tile_buf<vec, 64x64xf32>
// CHECK-DAG:   %[[S:.*]] = pto.alloc_tile addr = %{{.*}} : !pto.tile_buf<vec, 16x64xf32>
// CHECK-DAG:   %[[C16:.*]] = arith.constant 16 : index
// CHECK:       %[[R:.*]] = arith.muli %{{.*}}, %[[C16]] : index
// CHECK-NEXT:  %[[W:.*]] = pto.subset %[[A]][%[[R]], %{{.*}}] sizes [16, 64] : !pto.tile_buf<vec, 64x64xf32>
// CHECK-NEXT:  pto.tabs ins(%[[W]] : !pto.tile_buf<vec, 16x64xf32, valid=?x64>) outs(%[[S]] : !pto.tile_buf<vec, 16x64xf32>)
func.func @window(%in: !tile.tensor<64x64xf32>, %i: index) {
  %mem_vec_0 = tile.alloc vec, 16384 {addr = 0} : !tile.buf<vec>
  %mem_vec_1 = tile.alloc vec, 4096 {addr = 16384} : !tile.buf<vec>
  %a = tile.load %in into %mem_vec_0 {offsets = [0, 0]} : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  %w = tile.slice %a, %i {offsets = [16, 0]} : (!tile.tile<64x64xf32, vec>, index) -> !tile.tile<16x64xf32, vec>
  %s = tile.abs %w into %mem_vec_1 : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  return
}

