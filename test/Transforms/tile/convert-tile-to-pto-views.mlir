// RUN: pto-opt %s -split-input-file --target=ascend910b -pto-memory-plan=planner=pypto -convert-tile-to-pto | FileCheck %s

// A reinterpret to another element type of the same width is ptoas's
// pto.bitcast of the source's buffer.
// CHECK-LABEL: func.func @reinterpret_to_int(
// CHECK: pto.bitcast %{{.*}} : !pto.tile_buf<vec, 16x16xf32> -> !pto.tile_buf<vec, 16x16xi32>
func.func @reinterpret_to_int(%x: !tile.tensor<16x16xf32>, %out: !tile.tensor<16x16xi32>) -> !tile.tensor<16x16xi32> {
  %a = tile.load %x {offsets = [0, 0]} : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %b = tile.reinterpret %a : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xi32, vec>
  %r = tile.store %b, %out {offsets = [0, 0]} : (!tile.tile<16x16xi32, vec>, !tile.tensor<16x16xi32>) -> !tile.tensor<16x16xi32>
  return %r : !tile.tensor<16x16xi32>
}

// -----

// A view as the source's own type is the source: ptoas's pto.bitcast must
// change the element type, so none is emitted and the store reads the
// loaded buffer.
// CHECK-LABEL: func.func @reinterpret_to_itself(
// CHECK-NOT: pto.bitcast
// CHECK-NOT: pto.treshape
// CHECK: pto.tload ins({{.*}}) outs(%[[T:.*]] : !pto.tile_buf<vec, 16x16xi8>)
// CHECK-NOT: pto.bitcast
// CHECK: pto.tstore ins(%[[T]] :
func.func @reinterpret_to_itself(%x: !tile.tensor<16x16xi8>, %out: !tile.tensor<16x16xi8>) -> !tile.tensor<16x16xi8> {
  %a = tile.load %x {offsets = [0, 0]} : (!tile.tensor<16x16xi8>) -> !tile.tile<16x16xi8, vec>
  %b = tile.reinterpret %a : (!tile.tile<16x16xi8, vec>) -> !tile.tile<16x16xi8, vec>
  %r = tile.store %b, %out {offsets = [0, 0]} : (!tile.tile<16x16xi8, vec>, !tile.tensor<16x16xi8>) -> !tile.tensor<16x16xi8>
  return %r : !tile.tensor<16x16xi8>
}

// -----

// Likewise a reshape to the same shape.
// CHECK-LABEL: func.func @reshape_to_itself(
// CHECK-NOT: pto.treshape
// CHECK: pto.tstore
func.func @reshape_to_itself(%x: !tile.tensor<16x16xf32>, %out: !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32> {
  %a = tile.load %x {offsets = [0, 0]} : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %b = tile.reshape %a : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  %r = tile.store %b, %out {offsets = [0, 0]} : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  return %r : !tile.tensor<16x16xf32>
}

// -----

// ptoas's pto.bitcast keeps the tile config, the pad value tfillpad wrote
// into its destination's type included.
// CHECK-LABEL: func.func @reinterpret_padded(
// CHECK: pto.bitcast %{{.*}} : !pto.tile_buf<vec, 8x8xf32, pad=1> -> !pto.tile_buf<vec, 8x8xi32, pad=1>
func.func @reinterpret_padded(%x: !tile.tensor<8x8xf32>, %out: !tile.tensor<8x8xi32>) -> !tile.tensor<8x8xi32> {
  %a = tile.load %x {offsets = [0, 0]} : (!tile.tensor<8x8xf32>) -> !tile.tile<8x8xf32, vec, valid = 4x8>
  %p = tile.fillpad %a : (!tile.tile<8x8xf32, vec, valid = 4x8>) -> !tile.tile<8x8xf32, vec>
  %b = tile.reinterpret %p : (!tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xi32, vec>
  %r = tile.store %b, %out {offsets = [0, 0]} : (!tile.tile<8x8xi32, vec>, !tile.tensor<8x8xi32>) -> !tile.tensor<8x8xi32>
  return %r : !tile.tensor<8x8xi32>
}
