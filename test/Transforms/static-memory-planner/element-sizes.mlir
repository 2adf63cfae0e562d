// RUN: pto-opt %s -split-input-file \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis))" \
// RUN:   | FileCheck %s
// RUN: pto-opt %s -split-input-file -o /dev/null \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis{remarks=1}))" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK

// A buffer's size is its element count times the element's storage size
// once lowered to LLVM. For whole-byte element types that is upstream's
// ceil(elements * bitwidth / 8); sub-byte and odd widths are not packed by
// the lowering (one byte per i1 element), and a vector element is padded to
// its power-of-two alignment. Upstream's formula would give memref<9xi1>
// 2 bytes and let the next buffer overlap it.

// i1: 9 bytes, i4: 5 bytes, i17: 3 bytes each, index: 8 bytes each.
// CHECK-LABEL: func.func @narrow
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<41xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<41xi8> to memref<9xi1>
// CHECK-NEXT:    %[[O9:.*]] = arith.constant 9 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O9]]][] : memref<41xi8> to memref<5xi4>
// CHECK-NEXT:    %[[O14:.*]] = arith.constant 14 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O14]]][] : memref<41xi8> to memref<1xi17>
// CHECK-NEXT:    %[[O17:.*]] = arith.constant 17 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O17]]][] : memref<41xi8> to memref<3xindex>
// CHECK-NEXT:    return
func.func @narrow() {
  %a = memref.alloc() : memref<9xi1>
  %b = memref.alloc() : memref<5xi4>
  %c = memref.alloc() : memref<1xi17>
  %d = memref.alloc() : memref<3xindex>
  memref.dealloc %a : memref<9xi1>
  memref.dealloc %b : memref<5xi4>
  memref.dealloc %c : memref<1xi17>
  memref.dealloc %d : memref<3xindex>
  return
}

// -----

// vector<3xf32> takes 16 bytes (12 padded to 16), vector<2x3xi8> two
// 4-byte rows, complex<f64> 16 bytes, bf16 2 bytes.
// CHECK-LABEL: func.func @wide
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<62xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<62xi8> to memref<2xvector<3xf32>>
// CHECK-NEXT:    %[[O32:.*]] = arith.constant 32 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O32]]][] : memref<62xi8> to memref<1xvector<2x3xi8>>
// CHECK-NEXT:    %[[O40:.*]] = arith.constant 40 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O40]]][] : memref<62xi8> to memref<1xcomplex<f64>>
// CHECK-NEXT:    %[[O56:.*]] = arith.constant 56 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O56]]][] : memref<62xi8> to memref<3xbf16>
// CHECK-NEXT:    return
func.func @wide() {
  %a = memref.alloc() : memref<2xvector<3xf32>>
  %b = memref.alloc() : memref<1xvector<2x3xi8>>
  %c = memref.alloc() : memref<1xcomplex<f64>>
  %d = memref.alloc() : memref<3xbf16>
  memref.dealloc %a : memref<2xvector<3xf32>>
  memref.dealloc %b : memref<1xvector<2x3xi8>>
  memref.dealloc %c : memref<1xcomplex<f64>>
  memref.dealloc %d : memref<3xbf16>
  return
}

// -----

// A zero-sized buffer takes no bytes.
// CHECK-LABEL: func.func @empty
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<4xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<4xi8> to memref<0xf32>
// CHECK-NEXT:    %[[O0B:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0B]]][] : memref<4xi8> to memref<1xf32>
func.func @empty() {
  %a = memref.alloc() : memref<0xf32>
  %b = memref.alloc() : memref<1xf32>
  memref.dealloc %a : memref<0xf32>
  memref.dealloc %b : memref<1xf32>
  return
}

// -----

// memref.view only makes identity layouts, so a buffer allocated with an
// explicit layout is left on the heap (with a remark under remarks=1):
// mlir-opt rejects a view to any explicit layout, even a strided spelling
// of the identity.
// REMARK: element-sizes.mlir:{{[0-9]+}}:8: remark: not planned: a view into the arena cannot have the layout of memref<2x3xf32, strided<[3, 1]>>
// REMARK: element-sizes.mlir:{{[0-9]+}}:8: remark: not planned: a view into the arena cannot have the layout of memref<2x3xf32, strided<[1, 2]>>
// CHECK-LABEL: func.func @layouts
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<24xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<24xi8> to memref<2x3xf32>
// CHECK-NEXT:    %[[I:.*]] = memref.alloc() : memref<2x3xf32, strided<[3, 1]>>
// CHECK-NEXT:    %[[S:.*]] = memref.alloc() : memref<2x3xf32, strided<[1, 2]>>
// CHECK-NEXT:    memref.dealloc %[[I]]
// CHECK-NEXT:    memref.dealloc %[[S]]
// CHECK-NEXT:    return
func.func @layouts() {
  %a = memref.alloc() : memref<2x3xf32>
  %i = memref.alloc() : memref<2x3xf32, strided<[3, 1]>>
  %s = memref.alloc() : memref<2x3xf32, strided<[1, 2]>>
  memref.dealloc %a : memref<2x3xf32>
  memref.dealloc %i : memref<2x3xf32, strided<[3, 1]>>
  memref.dealloc %s : memref<2x3xf32, strided<[1, 2]>>
  return
}
