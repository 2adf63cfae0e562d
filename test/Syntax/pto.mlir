// RUN: pto-opt %s -split-input-file | FileCheck %s
// RUN: pto-opt %s -split-input-file | pto-opt -split-input-file | FileCheck %s
// RUN: pto-opt %s -split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: pto-opt %s -split-input-file --mlir-print-op-generic | pto-opt -split-input-file | FileCheck %s

// The pto dialect: tile buffers at fixed addresses, views of global
// tensors, destination-passing ops with ins(...) and outs(...).
// CHECK-LABEL: func.func @kernel(%src: !pto.partition_tensor_view<64x64xf32>, %dst: !pto.partition_tensor_view<64x64xf32>)
// CHECK-NEXT:    %c0_i64 = arith.constant 0 : i64
// CHECK-NEXT:    %c16384_i64 = arith.constant 16384 : i64
// CHECK-NEXT:    %tile = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<vec, 64x64xf32>
// CHECK-NEXT:    %tile_0 = pto.alloc_tile addr = %c16384_i64 : !pto.tile_buf<vec, 64x64xf32>
// CHECK-NEXT:    %tile_1 = pto.alloc_tile : !pto.tile_buf<mat, 64x64xf16>
// CHECK-NEXT:    pto.tload ins(%src : !pto.partition_tensor_view<64x64xf32>) outs(%tile : !pto.tile_buf<vec, 64x64xf32>)
// CHECK-NEXT:    pto.tadd ins(%tile, %tile : !pto.tile_buf<vec, 64x64xf32>, !pto.tile_buf<vec, 64x64xf32>) outs(%tile_0 : !pto.tile_buf<vec, 64x64xf32>)
// CHECK-NEXT:    pto.tstore ins(%tile_0 : !pto.tile_buf<vec, 64x64xf32>) outs(%dst : !pto.partition_tensor_view<64x64xf32>) {xd.note}
// GENERIC:       "pto.tadd"(%tile, %tile, %tile_0) : (!pto.tile_buf<vec, 64x64xf32>, !pto.tile_buf<vec, 64x64xf32>, !pto.tile_buf<vec, 64x64xf32>) -> ()
func.func @kernel(%src: !pto.partition_tensor_view<64x64xf32>, %dst: !pto.partition_tensor_view<64x64xf32>) {
  %0 = arith.constant 0 : i64
  %1 = arith.constant 16384 : i64
  %tile = pto.alloc_tile addr = %0 : !pto.tile_buf<vec, 64x64xf32>
  %tile_0 = pto.alloc_tile addr = %1 : !pto.tile_buf<vec, 64x64xf32>
  %tile_1 = pto.alloc_tile : !pto.tile_buf<mat, 64x64xf16>
  pto.tload ins(%src : !pto.partition_tensor_view<64x64xf32>) outs(%tile : !pto.tile_buf<vec, 64x64xf32>)
  pto.tadd ins(%tile, %tile : !pto.tile_buf<vec, 64x64xf32>, !pto.tile_buf<vec, 64x64xf32>) outs(%tile_0 : !pto.tile_buf<vec, 64x64xf32>)
  pto.tstore ins(%tile_0 : !pto.tile_buf<vec, 64x64xf32>) outs(%dst : !pto.partition_tensor_view<64x64xf32>) {xd.note}
  return
}

// -----

// Pointers and tensor views are types of the pto dialect.
// CHECK: func.func private @other(!pto.tensor_view<128xf16>, !pto.ptr<f32>)
func.func private @other(!pto.tensor_view<128xf16>, !pto.ptr<f32>)
