// RUN: pto-opt %s -split-input-file | FileCheck %s
// RUN: pto-opt %s -split-input-file | pto-opt -split-input-file | FileCheck %s

// to_buffer (with read_only), to_tensor (with restrict and writable), clone.
// CHECK-LABEL: func.func @bridges(%arg0: tensor<4xf32>, %arg1: memref<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %0 = bufferization.to_buffer %arg0 : tensor<4xf32> to memref<4xf32>
// CHECK-NEXT:    %1 = bufferization.to_buffer %arg0 read_only : tensor<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:    %2 = bufferization.clone %arg1 : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:    %3 = bufferization.to_tensor %arg1 restrict writable : memref<4xf32> to tensor<4xf32>
// CHECK-NEXT:    %4 = bufferization.to_tensor %2 : memref<4xf32> to tensor<4xf32>
// CHECK-NEXT:    return %3 : tensor<4xf32>
func.func @bridges(%arg0: tensor<4xf32>, %arg1: memref<4xf32>) -> tensor<4xf32> {
  %0 = bufferization.to_buffer %arg0 : tensor<4xf32> to memref<4xf32>
  %1 = bufferization.to_buffer %arg0 read_only : tensor<4xf32> to memref<4xf32, strided<[?], offset: ?>>
  %2 = bufferization.clone %arg1 : memref<4xf32> to memref<4xf32>
  %3 = bufferization.to_tensor %arg1 restrict writable : memref<4xf32> to tensor<4xf32>
  %4 = bufferization.to_tensor %2 : memref<4xf32> to tensor<4xf32>
  return %3 : tensor<4xf32>
}
