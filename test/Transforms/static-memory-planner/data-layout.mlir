// RUN: pto-opt %s -split-input-file -verify-diagnostics \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis))" | FileCheck %s

// A module's llvm.data_layout string is the layout mlir-translate makes
// the LLVM module's, and the lowered loads and stores assume its
// alignments; mlir-runner's JIT strides element addresses with its host's
// layout whatever the module names. So a buffer takes the largest size and
// alignment of the module's layout and the x86-64 and AArch64 ones
// (LLVM's default layout stands in for the module's when it names none).

// i32:64 aligns i32 (and so i17, which takes the next wider entry) to 8:
// each element takes 8 bytes, and the buffer after 3 bytes starts at 8.
// CHECK-LABEL: func.func @wider_integer_alignment
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<32xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<32xi8> to memref<3xi8>
// CHECK-NEXT:    %[[O8:.*]] = arith.constant 8 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O8]]][] : memref<32xi8> to memref<3xi17>
// CHECK-NEXT:    return
module attributes {llvm.data_layout = "e-i32:64"} {
  func.func @wider_integer_alignment() {
    %a = memref.alloc() : memref<3xi8>
    %b = memref.alloc() : memref<3xi17>
    memref.dealloc %a : memref<3xi8>
    memref.dealloc %b : memref<3xi17>
    return
  }
}

// -----

// An aggregate entry aligns structs: a:128 pads complex<f32> (the struct
// {f32, f32}) to 16 bytes aligned to 16, so the arena is aligned to 16.
// CHECK-LABEL: func.func @aggregate_entry
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 16 : i64} : memref<48xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<48xi8> to memref<1xi8>
// CHECK-NEXT:    %[[O16:.*]] = arith.constant 16 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O16]]][] : memref<48xi8> to memref<2xcomplex<f32>>
// CHECK-NEXT:    return
module attributes {llvm.data_layout = "e-a:128"} {
  func.func @aggregate_entry() {
    %a = memref.alloc() : memref<1xi8>
    %b = memref.alloc() : memref<2xcomplex<f32>>
    memref.dealloc %a : memref<1xi8>
    memref.dealloc %b : memref<2xcomplex<f32>>
    return
  }
}

// -----

// A layout asking less than the hosts changes nothing: with v96:32,
// vector<3xf32> would be 12 bytes aligned to 4, but the JIT strides it by
// 16 on x86-64 and AArch64.
// CHECK-LABEL: func.func @narrower_vector_entry
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 16 : i64} : memref<48xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<48xi8> to memref<1xi8>
// CHECK-NEXT:    %[[O16:.*]] = arith.constant 16 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O16]]][] : memref<48xi8> to memref<2xvector<3xf32>>
// CHECK-NEXT:    return
module attributes {llvm.data_layout = "e-v96:32"} {
  func.func @narrower_vector_entry() {
    %a = memref.alloc() : memref<1xi8>
    %b = memref.alloc() : memref<2xvector<3xf32>>
    memref.dealloc %a : memref<1xi8>
    memref.dealloc %b : memref<2xvector<3xf32>>
    return
  }
}

// -----

// A dlti.dl_spec also sets the layout when the module is translated (here
// i64 aligned to 8), but the planner does not read those specs: no buffer
// is planned, each with a remark.
// CHECK-LABEL: func.func @dlti_spec
// CHECK-NEXT:    memref.alloc() : memref<3xi32>
// CHECK-NEXT:    memref.alloc() : memref<1xi64>
// CHECK-NOT:     memref.view
module attributes {dlti.dl_spec = #dlti.dl_spec<i64 = dense<64> : vector<2xi64>>} {
  func.func @dlti_spec() {
    // expected-remark @below {{not planned: 'builtin.module' sets a dlti.dl_spec data layout, which the planner does not read (it reads llvm.data_layout); left on the heap}}
    %a = memref.alloc() : memref<3xi32>
    // expected-remark @below {{not planned: 'builtin.module' sets a dlti.dl_spec data layout}}
    %b = memref.alloc() : memref<1xi64>
    memref.dealloc %a : memref<3xi32>
    memref.dealloc %b : memref<1xi64>
    return
  }
}

// -----

// A layout string mlir-translate would reject is an error where it is set.
// expected-error @below {{static-memory-planner-analysis: cannot read llvm.data_layout: entry "i64:48": alignment 48 is not a power-of-two number of bytes}}
module attributes {llvm.data_layout = "e-i64:48"} {
  func.func @malformed() {
    %a = memref.alloc() : memref<3xi32>
    memref.dealloc %a : memref<3xi32>
    return
  }
}

// -----

// expected-error @below {{static-memory-planner-analysis: llvm.data_layout must be a string, got 64 : i64}}
module attributes {llvm.data_layout = 64} {
  func.func @not_a_string() {
    %a = memref.alloc() : memref<3xi32>
    memref.dealloc %a : memref<3xi32>
    return
  }
}
