// RUN: pto-opt %s -split-input-file -verify-diagnostics \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis))"

// Errors of the pass, reported on the allocation. A static entry-block
// allocation must have a release the pass can see, and that release must
// sit in the entry block or in regions nested in it.

func.func @never_released() {
  // expected-error @below {{no dealloc found; run the deallocation pipeline before this pass}}
  %a = memref.alloc() : memref<32xi8>
  %i = arith.constant 0 : index
  %v = memref.load %a[%i] : memref<32xi8>
  return
}

// -----

// Released in a successor block reached by cf.br.
func.func @released_after_a_branch() {
  // expected-error @below {{unstructured control flow is not supported}}
  %a = memref.alloc() : memref<4xf64>
  cf.br ^next
^next:
  memref.dealloc %a : memref<4xf64>
  return
}

// -----

// Released on one side of a cf.cond_br.
func.func @released_on_one_side(%c: i1) {
  // expected-error @below {{unstructured control flow is not supported}}
  %a = memref.alloc() : memref<4xf64>
  cf.cond_br %c, ^left, ^right
^left:
  memref.dealloc %a : memref<4xf64>
  return
^right:
  return
}

// -----

// Passed to the successor as a block argument and released there.
func.func @released_through_a_block_argument() {
  // expected-error @below {{unstructured control flow is not supported}}
  %a = memref.alloc() : memref<2xi32>
  cf.br ^next(%a : memref<2xi32>)
^next(%b: memref<2xi32>):
  memref.dealloc %b : memref<2xi32>
  return
}

// -----

// The first bad allocation stops the pass: the error is on %bad, and
// nothing is reported for the allocations after it (the later unreleased
// one included).
func.func @first_error_wins() {
  %fine = memref.alloc() : memref<8xi8>
  memref.dealloc %fine : memref<8xi8>
  // expected-error @below {{no dealloc found; run the deallocation pipeline before this pass}}
  %bad = memref.alloc() : memref<8xi8>
  %also_fine = memref.alloc() : memref<8xi8>
  memref.dealloc %also_fine : memref<8xi8>
  %also_bad = memref.alloc() : memref<16xi8>
  return
}
