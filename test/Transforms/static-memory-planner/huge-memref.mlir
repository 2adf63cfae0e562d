// A memref whose byte size is not an int64 cannot be planned: the pass
// refuses it at the allocation instead of computing a wrapped (here 0 or
// 64-byte) arena.
// RUN: pto-opt %s -split-input-file -verify-diagnostics -static-memory-planner-analysis
// RUN: pto-opt %s -split-input-file -verify-diagnostics -static-memory-planner-analysis=algorithm=dsa-rp

// 2^62 f32 elements: 2^64 bytes.
func.func @elements_times_width() {
  // expected-error @+1 {{memref<4611686018427387904xf32> needs more than 9223372036854775807 bytes: no arena can hold it}}
  %a = memref.alloc() : memref<4611686018427387904xf32>
  %b = memref.alloc() : memref<16xf32>
  memref.dealloc %a : memref<4611686018427387904xf32>
  memref.dealloc %b : memref<16xf32>
  return
}

// -----

// 2^32 x 2^32 i8: the element count itself is 2^64.
func.func @element_count() {
  // expected-error @+1 {{memref<4294967296x4294967296xi8> needs more than 9223372036854775807 bytes: no arena can hold it}}
  %a = memref.alloc() : memref<4294967296x4294967296xi8>
  memref.dealloc %a : memref<4294967296x4294967296xi8>
  return
}

// -----

// A vector element type too large on its own.
func.func @vector_element() {
  // expected-error @+1 {{memref<2xvector<4611686018427387904xf32>> needs more than 9223372036854775807 bytes: no arena can hold it}}
  %a = memref.alloc() : memref<2xvector<4611686018427387904xf32>>
  memref.dealloc %a : memref<2xvector<4611686018427387904xf32>>
  return
}

// -----

// Each size is an int64, but no placement arithmetic on 2^62-byte buffers
// is safe: the planner refuses them, located at the allocation.
func.func @above_the_planner_limit() {
  // expected-error @+1 {{static-memory-planner-analysis: cannot plan this allocation: buffer 0 (%a): size 4611686018427387904 is above the planner's limit 4611686018427387903}}
  %a = memref.alloc() : memref<1152921504606846976xf32>
  %b = memref.alloc() : memref<1152921504606846976xf32>
  memref.dealloc %a : memref<1152921504606846976xf32>
  memref.dealloc %b : memref<1152921504606846976xf32>
  return
}

// -----

// Two buffers under the limit whose sum is not: refused at the buffer
// that takes the pool beyond it.
func.func @pool_beyond_the_limit() {
  %a = memref.alloc() : memref<768614336404564650xf32>
  // expected-error @+1 {{cannot plan this allocation: buffer 1 (%b): with it, pool default could need more than the planner's limit of 4611686018427387903 bytes}}
  %b = memref.alloc() : memref<768614336404564650xf32>
  memref.dealloc %a : memref<768614336404564650xf32>
  memref.dealloc %b : memref<768614336404564650xf32>
  return
}

// -----

// Only a buffer the planner would place is refused for its size: one it
// leaves alone anyway, for its explicit layout or its scalable element,
// stays on the heap with the others planned.
func.func @left_alone_whatever_its_size() {
  %a = memref.alloc() : memref<4611686018427387904xf32, strided<[1]>>
  // expected-remark @below {{not planned: the element type vector<[4611686018427387904]xf32> is scalable}}
  %b = memref.alloc() : memref<2xvector<[4611686018427387904]xf32>>
  %c = memref.alloc() : memref<16xf32>
  memref.dealloc %a : memref<4611686018427387904xf32, strided<[1]>>
  memref.dealloc %b : memref<2xvector<[4611686018427387904]xf32>>
  memref.dealloc %c : memref<16xf32>
  return
}
