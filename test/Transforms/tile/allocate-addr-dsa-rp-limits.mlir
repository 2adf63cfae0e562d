// (ascend910b-loads-anywhere.json: ascend910b with loads into any space, so
// the kernels below exercise the planner alone.)
// RUN: pto-opt %s -split-input-file -verify-diagnostics --target=%S/Inputs/ascend910b-loads-anywhere.json -allocate-addr="planner=dsa-rp penalties=false" -check-tile-placement | FileCheck %s

// Strict-then-soft: stage 0 and stage 1 of one pipeline group want separate
// 128 KiB buffers, but UB holds 184 KiB. With the stage separation hard
// nothing fits, so DSA-RP relaxes it into a penalty, finds a placement
// where the two share bytes, and says so with the PH-DSA-001 hint.
// CHECK-LABEL: func.func @stages_tight
// CHECK:       %m0 = tile.alloc vec, 131072 {addr = 0}
// CHECK-NEXT:  %m1 = tile.alloc vec, 131072 {addr = 0}
// expected-remark @+1 {{PH-DSA-001: no placement kept all 1 pipeline-stage separations within capacity; 1 pair(s) now share bytes}}
func.func @stages_tight(%in: !tile.tensor<256x256xf32>) {
  %m0 = tile.alloc vec, 131072 : !tile.buf<vec>
  %m1 = tile.alloc vec, 131072 : !tile.buf<vec>
  %a = tile.load %in into %m0 {tile.pipeline = [0, 0]} : (!tile.tensor<256x256xf32>) -> !tile.tile<128x256xf32, vec>
  %c = tile.load %in into %m1 {tile.pipeline = [0, 1]} : (!tile.tensor<256x256xf32>) -> !tile.tile<128x256xf32, vec>
  return
}

// -----

// A single tile larger than its space overflows under any planner; the
// error is at the tile and names the space, the demand and the capacity.
func.func @too_big(%in: !tile.tensor<512xf32>) {
  %b = tile.alloc bias, 2048 : !tile.buf<bias>
  // expected-error @+1 {{allocate-addr: tile %t needs 2048 bytes of memory space 'bias', more than all 1024 bytes the space has on target 'ascend910b': no placement can fit it; use a smaller tile and an scf.for over the rest}}
  %t = tile.load %in into %b : (!tile.tensor<512xf32>) -> !tile.tile<512xf32, bias>
  return
}

// -----

// A space the target does not have.
func.func @absent_space(%in: !tile.tensor<64xf32>) {
  // expected-error @+1 {{allocate-addr: target 'ascend910b' has no memory space 'left_scale'}}
  %b = tile.alloc left_scale, 256 : !tile.buf<left_scale>
  %t = tile.load %in into %b : (!tile.tensor<64xf32>) -> !tile.tile<64xf32, left_scale>
  return
}
