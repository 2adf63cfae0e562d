// RUN: pto-opt %s -pto-memory-plan=planner=pypto --target=ascend910b -check-tile-placement | FileCheck %s --check-prefix=PYPTO
// RUN: pto-opt %s -pto-memory-plan=planner=dsa-rp --target=ascend910b -check-tile-placement | FileCheck %s --check-prefix=DSA
// RUN: pto-opt %s -pto-memory-plan=planner=ptoas --target=ascend910b -check-tile-placement | FileCheck %s --check-prefix=PTOAS
// RUN: pto-opt %s -pto-memory-plan --target=ascend910b | FileCheck %s --check-prefix=PYPTO

// The whole pipeline by planner, on the shared example's kernel (%a dies
// at the exp, %c is loaded after it):
//  - pypto (the default): init-memref, semantic aliases, memory-reuse (%c
//    and %d take %a's allocation, the others are removed), then sequential
//    addresses in name order;
//  - dsa-rp: no memory-reuse; every tile keeps its own allocation identity
//    and DSA-RP gives them addresses that overlap where lifetimes allow
//    (%b reuses %a's bytes in place; %c, a load, stays off the bytes the
//    vector unit just read, a cross-pipe penalty);
//  - ptoas: allocations but no reuse and no addresses (ptoas plans).
// PYPTO-LABEL: func.func @kernel
// PYPTO-NEXT:  %[[M0:.*]] = tile.alloc vec, 16384 {addr = 0}
// PYPTO-NEXT:  %[[M1:.*]] = tile.alloc vec, 16384 {addr = 16384}
// PYPTO-NOT:   tile.alloc
// PYPTO:       %a = tile.load %in into %[[M0]]
// PYPTO-NEXT:  %b = tile.exp %a into %[[M1]]
// PYPTO-NEXT:  %c = tile.load %in into %[[M0]]
// PYPTO-NEXT:  %d = tile.mul %b, %c into %[[M0]]
// DSA-LABEL:   func.func @kernel
// DSA-NEXT:    %[[M0:.*]] = tile.alloc vec, 16384 {addr = 0}
// DSA-NEXT:    %[[M1:.*]] = tile.alloc vec, 16384 {addr = 0}
// DSA-NEXT:    %[[M2:.*]] = tile.alloc vec, 16384 {addr = 16384}
// DSA-NEXT:    %[[M3:.*]] = tile.alloc vec, 16384 {addr = 0}
// DSA-NOT:     tile.alloc
// DSA:         %a = tile.load %in into %[[M0]]
// DSA-NEXT:    %b = tile.exp %a into %[[M1]]
// DSA-NEXT:    %c = tile.load %in into %[[M2]]
// DSA-NEXT:    %d = tile.mul %b, %c into %[[M3]]
// PTOAS-LABEL: func.func @kernel
// PTOAS-COUNT-4: tile.alloc vec, 16384 : !tile.buf<vec>
// PTOAS-NOT:   addr
func.func @kernel(%in: !tile.tensor<64x64xf32>, %out: !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32> {
  %a = tile.load %in : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  %b = tile.exp %a : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  %c = tile.load %in : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  %d = tile.mul %b, %c : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  %r = tile.store %d, %out : (!tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32>
  return %r : !tile.tensor<64x64xf32>
}
