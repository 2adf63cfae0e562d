// RUN: pto-opt %s -init-memref -check-tile-placement | FileCheck %s
// RUN: pto-opt %s -init-memref --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: pto-opt %s -init-memref | pto-opt | FileCheck %s

// A tile op with several results gets one allocation per result, written
// `into %a, %b`; in generic form the destinations are the last operands,
// one per result (operandSegmentSizes = [inputs, results]).
// CHECK-LABEL: func.func @topk
// CHECK:      %[[X:.*]] = tile.alloc vec, 1024 : !tile.buf<vec>
// CHECK-NEXT: %[[V:.*]] = tile.alloc vec, 1024 : !tile.buf<vec>
// CHECK-NEXT: %[[I:.*]] = tile.alloc vec, 512 : !tile.buf<vec>
// CHECK:      %v, %i = tile.topk %x into %[[V]], %[[I]] : (!tile.tile<16x16xf32, vec>) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xi16, vec>)
// GENERIC: "tile.topk"(%x, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 2>}>
func.func @topk(%in: !tile.tensor<16x16xf32>, %o: !tile.tensor<16x16xf32>) {
  %x = tile.load %in : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %v, %i = tile.topk %x : (!tile.tile<16x16xf32, vec>) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xi16, vec>)
  %s0 = tile.store %v, %o : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  return
}
