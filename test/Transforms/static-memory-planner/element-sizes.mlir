// RUN: pto-opt %s -split-input-file \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis))" \
// RUN:   | FileCheck %s
// RUN: pto-opt %s -split-input-file -o /dev/null \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis{remarks=1}))" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK

// A buffer takes the bytes of the program mlir-opt lowers it to: its
// element count times the allocation size LLVM's data layout gives the
// element's LLVM type (the stride between two elements), at an offset that
// is a multiple of the element's ABI alignment, which its loads and stores
// assume: an integer's store size rounded up to the alignment of the next
// integer entry of the layout (i8, i16, i32, i64, i128, the widest for
// wider ones). A module without llvm.data_layout is translated with LLVM's
// default layout but compiled with its target's (mlir-runner's JIT strides
// memref<3xi65> by x86-64's 16 bytes, though mlir-translate folds its
// malloc to 36), so it gets the largest of the default, x86-64 and AArch64
// layouts (data-layout.mlir shows a module that names its own).
// Upstream's ceil(elements * bitwidth / 8) is right only for whole-byte
// power-of-two widths.

// The issue's case: memref<4xi17> holds four 4-byte elements, 16 bytes
// (not 12), so the next buffer starts at 16 instead of over its tail.
// CHECK-LABEL: func.func @i17_elements_take_four_bytes
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<20xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<20xi8> to memref<4xi17>
// CHECK-NEXT:    %[[O16:.*]] = arith.constant 16 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O16]]][] : memref<20xi8> to memref<4xi8>
// CHECK-NEXT:    return
func.func @i17_elements_take_four_bytes() {
  %a = memref.alloc() : memref<4xi17>
  %b = memref.alloc() : memref<4xi8>
  memref.dealloc %a : memref<4xi17>
  memref.dealloc %b : memref<4xi8>
  return
}

// -----

// Narrow widths are not bit-packed: i1 and i4 take a byte each, i17 four
// bytes (aligned to 4: 14 rounds up to 16), index is i64, 8 bytes aligned
// to 8 (x86-64's and AArch64's i64:64; the default's i64:32:64 asks 4).
// CHECK-LABEL: func.func @narrow
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<48xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<48xi8> to memref<9xi1>
// CHECK-NEXT:    %[[O9:.*]] = arith.constant 9 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O9]]][] : memref<48xi8> to memref<5xi4>
// CHECK-NEXT:    %[[O16:.*]] = arith.constant 16 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O16]]][] : memref<48xi8> to memref<1xi17>
// CHECK-NEXT:    %[[O24:.*]] = arith.constant 24 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O24]]][] : memref<48xi8> to memref<3xindex>
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

// Wide integers: i33 8 bytes aligned to 8 (i64:64); i65 and i128 16
// bytes aligned to 16 (i128:128; the default layout would stride i65 by
// 12); i256 32 bytes aligned to 16 (the widest entry, i128's). A signed or
// unsigned integer lowers like the signless one, but memref.alloc's
// lowering aligns it itself (as it does every element that is not a
// signless integer, index or float), so the arena is aligned to 4 for the
// si24 buffer.
// CHECK-LABEL: func.func @wide_integers
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 4 : i64} : memref<120xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<120xi8> to memref<3xi33>
// CHECK-NEXT:    %[[O32:.*]] = arith.constant 32 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O32]]][] : memref<120xi8> to memref<2xi65>
// CHECK-NEXT:    %[[O64:.*]] = arith.constant 64 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O64]]][] : memref<120xi8> to memref<1xi128>
// CHECK-NEXT:    %[[O80:.*]] = arith.constant 80 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O80]]][] : memref<120xi8> to memref<1xi256>
// CHECK-NEXT:    %[[O112:.*]] = arith.constant 112 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O112]]][] : memref<120xi8> to memref<2xsi24>
// CHECK-NEXT:    return
func.func @wide_integers() {
  %a = memref.alloc() : memref<3xi33>
  %b = memref.alloc() : memref<2xi65>
  %c = memref.alloc() : memref<1xi128>
  %d = memref.alloc() : memref<1xi256>
  %e = memref.alloc() : memref<2xsi24>
  memref.dealloc %a : memref<3xi33>
  memref.dealloc %b : memref<2xi65>
  memref.dealloc %c : memref<1xi128>
  memref.dealloc %d : memref<1xi256>
  memref.dealloc %e : memref<2xsi24>
  return
}

// -----

// The small float formats lower to integers of their width (one byte
// each, f4 and f6 included); f80 is x86_fp80, 10 bytes stored in 16 and
// aligned to 16, like f128.
// CHECK-LABEL: func.func @floats
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<64xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<64xi8> to memref<3xf8E4M3FN>
// CHECK-NEXT:    %[[O3:.*]] = arith.constant 3 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O3]]][] : memref<64xi8> to memref<3xf4E2M1FN>
// CHECK-NEXT:    %[[O16:.*]] = arith.constant 16 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O16]]][] : memref<64xi8> to memref<1xf80>
// CHECK-NEXT:    %[[O32:.*]] = arith.constant 32 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O32]]][] : memref<64xi8> to memref<3xf6E2M3FN>
// CHECK-NEXT:    %[[O48:.*]] = arith.constant 48 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O48]]][] : memref<64xi8> to memref<1xf128>
// CHECK-NEXT:    return
func.func @floats() {
  %a = memref.alloc() : memref<3xf8E4M3FN>
  %b = memref.alloc() : memref<3xf4E2M1FN>
  %c = memref.alloc() : memref<1xf80>
  %d = memref.alloc() : memref<3xf6E2M3FN>
  %e = memref.alloc() : memref<1xf128>
  memref.dealloc %a : memref<3xf8E4M3FN>
  memref.dealloc %b : memref<3xf4E2M1FN>
  memref.dealloc %c : memref<1xf80>
  memref.dealloc %d : memref<3xf6E2M3FN>
  memref.dealloc %e : memref<1xf128>
  return
}

// -----

// A 1-D vector is bit-packed and padded to its natural power-of-two
// alignment: vector<9xi1> 2 bytes, vector<3xi17> (51 bits) 8, vector<3xf16>
// 8; an n-D vector is an array of its rows (vector<2x3xf16>: 16 bytes
// aligned to 8), a 0-d one a vector of one element. memref.alloc's
// lowering aligns vector buffers itself, so the arena is aligned to the
// largest vector alignment (8).
// CHECK-LABEL: func.func @vectors
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 8 : i64} : memref<56xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<56xi8> to memref<3xvector<9xi1>>
// CHECK-NEXT:    %[[O8:.*]] = arith.constant 8 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O8]]][] : memref<56xi8> to memref<1xvector<3xi17>>
// CHECK-NEXT:    %[[O16:.*]] = arith.constant 16 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O16]]][] : memref<56xi8> to memref<2xvector<2x3xf16>>
// CHECK-NEXT:    %[[O48:.*]] = arith.constant 48 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O48]]][] : memref<56xi8> to memref<1xvector<f64>>
// CHECK-NEXT:    return
func.func @vectors() {
  %a = memref.alloc() : memref<3xvector<9xi1>>
  %b = memref.alloc() : memref<1xvector<3xi17>>
  %c = memref.alloc() : memref<2xvector<2x3xf16>>
  %d = memref.alloc() : memref<1xvector<f64>>
  memref.dealloc %a : memref<3xvector<9xi1>>
  memref.dealloc %b : memref<1xvector<3xi17>>
  memref.dealloc %c : memref<2xvector<2x3xf16>>
  memref.dealloc %d : memref<1xvector<f64>>
  return
}

// -----

// vector<3xf32> takes 16 bytes (12 padded to 16), vector<2x3xi8> two
// 4-byte rows, complex<f64> 16 bytes, bf16 2 bytes.
// CHECK-LABEL: func.func @wide
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 16 : i64} : memref<62xi8>
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

// complex<T> is the struct {T, T}: complex<i17> 8 bytes aligned to 4,
// complex<f80> 32 bytes aligned to 16 (the i8 buffer's end, 11, rounds up
// to 16).
// CHECK-LABEL: func.func @complex
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 16 : i64} : memref<48xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<48xi8> to memref<1xcomplex<i17>>
// CHECK-NEXT:    %[[O8:.*]] = arith.constant 8 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O8]]][] : memref<48xi8> to memref<3xi8>
// CHECK-NEXT:    %[[O16:.*]] = arith.constant 16 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O16]]][] : memref<48xi8> to memref<1xcomplex<f80>>
// CHECK-NEXT:    return
func.func @complex() {
  %a = memref.alloc() : memref<1xcomplex<i17>>
  %b = memref.alloc() : memref<3xi8>
  %c = memref.alloc() : memref<1xcomplex<f80>>
  memref.dealloc %a : memref<1xcomplex<i17>>
  memref.dealloc %b : memref<3xi8>
  memref.dealloc %c : memref<1xcomplex<f80>>
  return
}

// -----

// A 0-d memref holds one element; a memref with a zero-sized dimension
// none, but still sits at a multiple of its element's alignment (the
// empty f64 buffer at 8, where the i17 one starts too).
// CHECK-LABEL: func.func @zero_d_and_empty
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 16 : i64} : memref<16xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<16xi8> to memref<i8>
// CHECK-NEXT:    %[[O8:.*]] = arith.constant 8 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O8]]][] : memref<16xi8> to memref<0x4xf64>
// CHECK-NEXT:    %[[O8B:.*]] = arith.constant 8 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O8B]]][] : memref<16xi8> to memref<i17>
// CHECK-NEXT:    %[[O16:.*]] = arith.constant 16 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O16]]][] : memref<16xi8> to memref<2x0xvector<4xf32>>
// CHECK-NEXT:    return
func.func @zero_d_and_empty() {
  %a = memref.alloc() : memref<i8>
  %b = memref.alloc() : memref<0x4xf64>
  %c = memref.alloc() : memref<i17>
  %d = memref.alloc() : memref<2x0xvector<4xf32>>
  memref.dealloc %a : memref<i8>
  memref.dealloc %b : memref<0x4xf64>
  memref.dealloc %c : memref<i17>
  memref.dealloc %d : memref<2x0xvector<4xf32>>
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
