// RUN: pto-opt %s -split-input-file -memory-reuse -check-tile-placement --target=ascend910b | FileCheck %s
// RUN: pto-opt %s -split-input-file -memory-reuse -check-tile-placement | FileCheck %s --check-prefix=UNBOUNDED

// Capacity-overflow subrange fallback. UB (vec) holds 184 KiB on the 910B.
// %r (96 KiB) dies before %a and %b (48 KiB each) are loaded; %c (88 KiB)
// lives throughout. Whole-buffer packing puts %a into %r's buffer but
// needs a third buffer for %b: 96 + 88 + 48 KiB overflows. Only then are
// subranges tried: %b takes bytes [48 KiB, 96 KiB) of %r's buffer, and
// the footprint is 96 + 88 = 184 KiB. Without a capacity (no target) the
// whole-buffer packing is kept as it is.
// CHECK-LABEL: func.func @subranges
// CHECK:      %[[R:[a-z0-9_]+]] = tile.alloc vec, 98304
// CHECK:      %a = tile.load %in into %[[R]] :
// CHECK-NEXT: %b = tile.load %in into %[[R]] + 49152 :
// UNBOUNDED-LABEL: func.func @subranges
// UNBOUNDED:      %a = tile.load %in into %[[R:[a-z0-9_]+]] :
// UNBOUNDED-NEXT: %b = tile.load %in into %[[B:[a-z0-9_]+]] :
// UNBOUNDED-NOT:  + 49152
func.func @subranges(%in: !tile.tensor<96x256xf32>) {
  %m0 = tile.alloc vec, 98304 : !tile.buf<vec>
  %m1 = tile.alloc vec, 90112 : !tile.buf<vec>
  %m2 = tile.alloc vec, 49152 : !tile.buf<vec>
  %m3 = tile.alloc vec, 49152 : !tile.buf<vec>
  %c = tile.load %in into %m1 : (!tile.tensor<96x256xf32>) -> !tile.tile<88x256xf32, vec>
  %r = tile.load %in into %m0 : (!tile.tensor<96x256xf32>) -> !tile.tile<96x256xf32, vec>
  %s0 = tile.store %r, %in : (!tile.tile<96x256xf32, vec>, !tile.tensor<96x256xf32>) -> !tile.tensor<96x256xf32>
  %a = tile.load %in into %m2 : (!tile.tensor<96x256xf32>) -> !tile.tile<48x256xf32, vec>
  %b = tile.load %in into %m3 : (!tile.tensor<96x256xf32>) -> !tile.tile<48x256xf32, vec>
  %s1 = tile.store %a, %in : (!tile.tile<48x256xf32, vec>, !tile.tensor<96x256xf32>) -> !tile.tensor<96x256xf32>
  %s2 = tile.store %b, %in : (!tile.tile<48x256xf32, vec>, !tile.tensor<96x256xf32>) -> !tile.tensor<96x256xf32>
  %s3 = tile.store %c, %in : (!tile.tile<88x256xf32, vec>, !tile.tensor<96x256xf32>) -> !tile.tensor<96x256xf32>
  return
}

// -----

// A tile at a dynamic offset (a slice by a runtime index) disables the
// subrange fallback for its whole space: compacting roots could otherwise
// move bytes the runtime window reads. The overflow is left to
// allocate-addr to report.
// CHECK-LABEL: func.func @dynamic_offset_disables
// CHECK:      %a = tile.load %in into %[[A:[a-z0-9_]+]] :
// CHECK-NEXT: %b = tile.load %in into %[[B:[a-z0-9_]+]] :
// CHECK-NOT:  + 49152
func.func @dynamic_offset_disables(%in: !tile.tensor<96x256xf32>, %i: index) {
  %m0 = tile.alloc vec, 98304 : !tile.buf<vec>
  %m1 = tile.alloc vec, 90112 : !tile.buf<vec>
  %m2 = tile.alloc vec, 49152 : !tile.buf<vec>
  %m3 = tile.alloc vec, 49152 : !tile.buf<vec>
  %c = tile.load %in into %m1 : (!tile.tensor<96x256xf32>) -> !tile.tile<88x256xf32, vec>
  %r = tile.load %in into %m0 : (!tile.tensor<96x256xf32>) -> !tile.tile<96x256xf32, vec>
  %w = tile.slice %r, %i : (!tile.tile<96x256xf32, vec>, index) -> !tile.tile<8x256xf32, vec>
  %s0 = tile.store %w, %in : (!tile.tile<8x256xf32, vec>, !tile.tensor<96x256xf32>) -> !tile.tensor<96x256xf32>
  %a = tile.load %in into %m2 : (!tile.tensor<96x256xf32>) -> !tile.tile<48x256xf32, vec>
  %b = tile.load %in into %m3 : (!tile.tensor<96x256xf32>) -> !tile.tile<48x256xf32, vec>
  %s1 = tile.store %a, %in : (!tile.tile<48x256xf32, vec>, !tile.tensor<96x256xf32>) -> !tile.tensor<96x256xf32>
  %s2 = tile.store %b, %in : (!tile.tile<48x256xf32, vec>, !tile.tensor<96x256xf32>) -> !tile.tensor<96x256xf32>
  %s3 = tile.store %c, %in : (!tile.tile<88x256xf32, vec>, !tile.tensor<96x256xf32>) -> !tile.tensor<96x256xf32>
  return
}
