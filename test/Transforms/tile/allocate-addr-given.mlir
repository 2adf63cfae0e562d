// Every planner keeps an address the input gives and places the rest around it.
// RUN: pto-opt %s -split-input-file --target=%S/Inputs/reserved-ub.json -allocate-addr=planner=sequential -check-tile-placement | FileCheck %s --check-prefixes=CHECK,SEQ
// RUN: pto-opt %s -split-input-file --target=%S/Inputs/reserved-ub.json -allocate-addr=planner=trivial -check-tile-placement | FileCheck %s --check-prefixes=CHECK,SEQ
// RUN: pto-opt %s -split-input-file --target=%S/Inputs/reserved-ub.json -allocate-addr=planner=best-fit -check-tile-placement | FileCheck %s
// RUN: pto-opt %s -split-input-file --target=%S/Inputs/reserved-ub.json -allocate-addr=planner=ffd -check-tile-placement | FileCheck %s
// RUN: pto-opt %s -split-input-file --target=%S/Inputs/reserved-ub.json -allocate-addr=planner=dsa-rp -check-tile-placement | FileCheck %s
// RUN: pto-opt %s -split-input-file -allocate-addr=planner=dsa-rp -check-tile-placement | FileCheck %s
// RUN: pto-opt %s -split-input-file --target=%S/Inputs/reserved-ub.json -pto-memory-plan=planner=pypto -check-tile-placement | FileCheck %s
// RUN: pto-opt %s -split-input-file --target=%S/Inputs/reserved-ub.json -pto-memory-plan=planner=dsa-rp -check-tile-placement | FileCheck %s

// %g's address 12288 is the author's: it stays, although lower bytes are
// free, and the tiles live with %g's go elsewhere (check-tile-placement
// checks that none overlaps it). The planners used to move it (to the
// first byte after the reserved window, or where it fitted best).
// CHECK-LABEL: func.func @given_kept
// CHECK:       %g = tile.alloc vec, 4096 {addr = 12288}
// The lifetime-blind packers step over it.
// SEQ:         %a = tile.alloc vec, 4096 {addr = 4096}
// SEQ-NEXT:    %b = tile.alloc vec, 4096 {addr = 8192}
// SEQ-NEXT:    %c = tile.alloc vec, 4096 {addr = 16384}
func.func @given_kept(%in: !tile.tensor<64x64xf32>) {
  %g = tile.alloc vec, 4096 {addr = 12288} : !tile.buf<vec>
  %a = tile.alloc vec, 4096 : !tile.buf<vec>
  %b = tile.alloc vec, 4096 : !tile.buf<vec>
  %c = tile.alloc vec, 4096 : !tile.buf<vec>
  %x = tile.load %in into %a : (!tile.tensor<64x64xf32>) -> !tile.tile<32x32xf32, vec>
  %y = tile.load %in into %g : (!tile.tensor<64x64xf32>) -> !tile.tile<32x32xf32, vec>
  %z = tile.add %x, %y into %b : (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
  %w = tile.mul %z, %y into %c : (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
  %s = tile.store %w, %in : (!tile.tile<32x32xf32, vec>, !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32>
  return
}

// -----

// Two given addresses of allocations never live together may share bytes;
// both stay.
// CHECK-LABEL: func.func @given_share
// CHECK:       %g1 = tile.alloc vec, 4096 {addr = 16384}
// CHECK-NEXT:  %g2 = tile.alloc vec, 4096 {addr = 16384}
func.func @given_share(%in: !tile.tensor<64x64xf32>) {
  %g1 = tile.alloc vec, 4096 {addr = 16384} : !tile.buf<vec>
  %g2 = tile.alloc vec, 4096 {addr = 16384} : !tile.buf<vec>
  %a = tile.alloc vec, 4096 : !tile.buf<vec>
  %x = tile.load %in into %g1 : (!tile.tensor<64x64xf32>) -> !tile.tile<32x32xf32, vec>
  %s = tile.store %x, %in : (!tile.tile<32x32xf32, vec>, !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32>
  %y = tile.load %in into %g2 : (!tile.tensor<64x64xf32>) -> !tile.tile<32x32xf32, vec>
  %z = tile.exp %y into %a : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
  %t = tile.store %z, %in : (!tile.tile<32x32xf32, vec>, !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32>
  return
}
