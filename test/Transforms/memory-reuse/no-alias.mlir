// RUN: pto-opt %s -split-input-file -memory-reuse -check-tile-placement | FileCheck %s
// RUN: pto-opt %s -split-input-file -memory-reuse -check-tile-placement --target=ascend950 | FileCheck %s --check-prefix=A5

// The no-alias guard: an op that reads an input while writing its output
// keeps the output off that input's buffer, even when the input dies at the
// op (which would otherwise allow producer-consumer reuse). Each split
// pairs a forbidden reuse with an allowed one in the same function.

// recip is not in-place safe: %a dies at the recip but its buffer is not
// reused for the result (exp, in-place safe, then reuses a dead buffer).
// CHECK-LABEL: func.func @not_inplace_safe
// CHECK:      %a = tile.load %in into %[[A:[a-z0-9_]+]]
// CHECK-NOT:  tile.recip %a into %[[A]]
// CHECK:      %r = tile.recip %a into
// CHECK-NEXT: %e = tile.exp %r into %[[A]]
func.func @not_inplace_safe(%in: !tile.tensor<16x16xf32>) {
  %m0 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m1 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m2 = tile.alloc vec, 1024 : !tile.buf<vec>
  %a = tile.load %in into %m0 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %r = tile.recip %a into %m1 : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  %e = tile.exp %r into %m2 : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  return
}

// -----

// row_sum (not in-place safe) reached through a view: the reshape aliases
// %a's buffer, so the reduction may not write there either.
// CHECK-LABEL: func.func @through_view
// CHECK:     tile.load %in into %[[A:[a-z0-9_]+]]
// CHECK-NOT: tile.row_sum %v into %[[A]]
// CHECK:     tile.row_sum %v into
func.func @through_view(%in: !tile.tensor<16x16xf32>) {
  %m0 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m1 = tile.alloc vec, 1024 : !tile.buf<vec>
  %a = tile.load %in into %m0 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %v = tile.reshape %a : (!tile.tile<16x16xf32, vec>) -> !tile.tile<256x1xf32, vec>
  %s = tile.row_sum %v into %m1 : (!tile.tile<256x1xf32, vec>) -> !tile.tile<256x1xf32, vec>
  return
}

// -----

// col_expand_mul re-reads its broadcast operand (#1) for every column: the
// output may reuse operand #0's buffer but not operand #1's.
// CHECK-LABEL: func.func @forbid_operand_1
// CHECK:      %x = tile.load %in into %[[X:[a-z0-9_]+]]
// CHECK-NEXT: %v = tile.load %in into %[[V:[a-z0-9_]+]]
// CHECK-NEXT: %o = tile.col_expand_mul %x, %v into %[[X]]
func.func @forbid_operand_1(%in: !tile.tensor<16x16xf32>) {
  %m0 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m1 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m2 = tile.alloc vec, 1024 : !tile.buf<vec>
  %x = tile.load %in into %m0 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %v = tile.load %in into %m1 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %o = tile.col_expand_mul %x, %v into %m2 : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  return
}

// -----

// sel reads the mask (#0) and tmp (#3) while writing: of the three inputs
// that die at the sel, the output may take only the source %x's buffer
// (%y lives on).
// CHECK-LABEL: func.func @sel_mask_tmp
// CHECK:      %mask = tile.load %in into %[[MASK:[a-z0-9_]+]]
// CHECK-NEXT: %x = tile.load %in into %[[X:[a-z0-9_]+]]
// CHECK-NEXT: %y = tile.load %in into %[[Y:[a-z0-9_]+]]
// CHECK-NEXT: %tmp = tile.load %in into %[[T:[a-z0-9_]+]]
// CHECK-NEXT: %o = tile.sel %mask, %x, %y, %tmp into %[[X]] :
func.func @sel_mask_tmp(%in: !tile.tensor<16x16xf32>) {
  %m0 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m1 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m2 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m3 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m4 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m5 = tile.alloc vec, 1024 : !tile.buf<vec>
  %mask = tile.load %in into %m0 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %x = tile.load %in into %m1 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %y = tile.load %in into %m2 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %tmp = tile.load %in into %m3 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %o = tile.sel %mask, %x, %y, %tmp into %m4 : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  %z = tile.add %o, %y into %m5 : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  return
}

// -----

// sels keeps the output off the mask (#0) on every target, but may reuse
// the scalar-select's src (#1).
// CHECK-LABEL: func.func @sels_mask
// CHECK:      %mask = tile.load %in into %[[MASK:[a-z0-9_]+]]
// CHECK-NEXT: %x = tile.load %in into %[[X:[a-z0-9_]+]]
// CHECK-NEXT: %o = tile.sels %mask, %x, %s into %[[X]]
func.func @sels_mask(%in: !tile.tensor<16x16xf32>, %s: f32) {
  %m0 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m1 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m2 = tile.alloc vec, 1024 : !tile.buf<vec>
  %mask = tile.load %in into %m0 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %x = tile.load %in into %m1 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %o = tile.sels %mask, %x, %s into %m2 : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, f32) -> !tile.tile<16x16xf32, vec>
  return
}

// -----

// prelu is target-aware: on Ascend910B (and by default) it is not in-place
// safe at all, so the output gets its own buffer; on Ascend950 the tmp
// (#2) is not read and the output may reuse it, but not src or slope.
// CHECK-LABEL: func.func @prelu_target
// CHECK:      %tmp = tile.load %in into %[[T:[a-z0-9_]+]]
// CHECK:      %o = tile.prelu %x, %slope, %tmp into
// CHECK-NOT:  %[[T]]
// CHECK-NEXT: return
// A5-LABEL: func.func @prelu_target
// A5:      %tmp = tile.load %in into %[[T:[a-z0-9_]+]]
// A5:      %o = tile.prelu %x, %slope, %tmp into %[[T]]
func.func @prelu_target(%in: !tile.tensor<16x16xf32>) {
  %m0 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m1 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m2 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m3 = tile.alloc vec, 1024 : !tile.buf<vec>
  %x = tile.load %in into %m0 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %slope = tile.load %in into %m1 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %tmp = tile.load %in into %m2 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %o = tile.prelu %x, %slope, %tmp into %m3 : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  return
}

// -----

// A widening cast (f16 -> f32) cannot run in place: its write cursor
// outruns the read cursor, so the two allocations stay.
// CHECK-LABEL: func.func @widening_cast
// CHECK:      tile.alloc vec, 512
// CHECK-NEXT: tile.alloc vec, 1024
// CHECK:      %h = tile.load %in into %m0
// CHECK-NEXT: %w = tile.cast %h into %m1
func.func @widening_cast(%in: !tile.tensor<16x16xf16>) {
  %m0 = tile.alloc vec, 512 : !tile.buf<vec>
  %m1 = tile.alloc vec, 1024 : !tile.buf<vec>
  %h = tile.load %in into %m0 : (!tile.tensor<16x16xf16>) -> !tile.tile<16x16xf16, vec>
  %w = tile.cast %h into %m1 : (!tile.tile<16x16xf16, vec>) -> !tile.tile<16x16xf32, vec>
  return
}

// -----

// A narrowing cast (f32 -> f16) is in-place safe: its output takes its
// dying input's buffer and the second allocation goes.
// CHECK-LABEL: func.func @narrowing_cast
// CHECK:      %[[M:.*]] = tile.alloc vec, 1024
// CHECK-NOT:  tile.alloc
// CHECK:      %w = tile.load %in into %[[M]]
// CHECK-NEXT: %n = tile.cast %w into %[[M]]
func.func @narrowing_cast(%in: !tile.tensor<16x16xf32>) {
  %m0 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m1 = tile.alloc vec, 512 : !tile.buf<vec>
  %w = tile.load %in into %m0 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %n = tile.cast %w into %m1 : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf16, vec>
  return
}

// -----

// A multi-result op (PyPTO's tuple result): the no-alias rule of the op
// holds for every result. topk is not in-place safe, so neither the values
// nor the indices take the buffer of %x, which dies at the topk; each
// result still gets its own allocation.
// CHECK-LABEL: func.func @tuple_results
// CHECK:      %x = tile.load %in into %[[X:[a-z0-9_]+]] :
// CHECK-NEXT: %v, %i = tile.topk %x into %[[V:[a-z0-9_]+]], %[[I:[a-z0-9_]+]] :
// CHECK-NOT:  %[[X]],
// CHECK-NOT:  , %[[X]] :
func.func @tuple_results(%in: !tile.tensor<16x16xf32>, %o: !tile.tensor<16x16xf32>) {
  %m0 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m1 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m2 = tile.alloc vec, 1024 : !tile.buf<vec>
  %x = tile.load %in into %m0 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %v, %i = tile.topk %x into %m1, %m2 : (!tile.tile<16x16xf32, vec>) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>)
  %s0 = tile.store %v, %o : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  %s1 = tile.store %i, %o : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  return
}
