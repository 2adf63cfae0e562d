// (ascend910b-loads-anywhere.json: ascend910b with loads into any space, so
// the kernels below exercise the planner alone.)
// RUN: pto-opt %s -split-input-file -memory-reuse -check-tile-placement --target=%S/../tile/Inputs/ascend910b-loads-anywhere.json -verify-diagnostics | FileCheck %s

// Pipeline-stage guard: tiles written by the two clones of a
// pl.pipeline(stage=2) loop (tagged tile.pipeline = [group, stage]) run
// concurrently, so their program-order-disjoint lifetimes are no reason to
// share. L0A holds 64 KiB and the per-stage tile is 32 KiB: both stages fit
// and stay apart (full ping-pong). The tags are consumed.
// CHECK-LABEL: func.func @ping_pong
// CHECK:      %a0 = tile.load %x into %[[S0:[a-z0-9_]+]] :
// CHECK:      %a1 = tile.load %x into %[[S1:[a-z0-9_]+]] :
// CHECK-NOT:  tile.pipeline
// CHECK:      %a2 = tile.load %x into %[[S0]] :
func.func @ping_pong(%x: !tile.tensor<128x128xf16>, %o: !tile.tensor<128x128xf16>) {
  %m0 = tile.alloc left, 32768 : !tile.buf<left>
  %m1 = tile.alloc left, 32768 : !tile.buf<left>
  %m2 = tile.alloc left, 32768 : !tile.buf<left>
  %a0 = tile.load %x into %m0 {tile.pipeline = [0, 0]} : (!tile.tensor<128x128xf16>) -> !tile.tile<128x128xf16, left>
  %s0 = tile.store %a0, %o : (!tile.tile<128x128xf16, left>, !tile.tensor<128x128xf16>) -> !tile.tensor<128x128xf16>
  %a1 = tile.load %x into %m1 {tile.pipeline = [0, 1]} : (!tile.tensor<128x128xf16>) -> !tile.tile<128x128xf16, left>
  %s1 = tile.store %a1, %o : (!tile.tile<128x128xf16, left>, !tile.tensor<128x128xf16>) -> !tile.tensor<128x128xf16>
  %a2 = tile.load %x into %m2 {tile.pipeline = [0, 0]} : (!tile.tensor<128x128xf16>) -> !tile.tile<128x128xf16, left>
  %s2 = tile.store %a2, %o : (!tile.tile<128x128xf16, left>, !tile.tensor<128x128xf16>) -> !tile.tensor<128x128xf16>
  return
}

// -----

// Depth limited by capacity: a 40 KiB per-stage tile fits only once in
// 64 KiB of L0A, so the group runs at depth 1, its clones share one buffer,
// and the capacity-forced serialisation is reported as PH-MR-001.
// CHECK-LABEL: func.func @depth_limited
// CHECK:      %a0 = tile.load %x into %[[S:[a-z0-9_]+]] :
// CHECK:      %a1 = tile.load %x into %[[S]] :
func.func @depth_limited(%x: !tile.tensor<160x128xf16>, %o: !tile.tensor<160x128xf16>) {
  %m0 = tile.alloc left, 40960 : !tile.buf<left>
  %m1 = tile.alloc left, 40960 : !tile.buf<left>
  // expected-remark @+1 {{PH-MR-001: pipeline group 7 asks for 2 concurrent stages in memory space 'left' but only 1 fit}}
  %a0 = tile.load %x into %m0 {tile.pipeline = [7, 0]} : (!tile.tensor<160x128xf16>) -> !tile.tile<160x128xf16, left>
  %s0 = tile.store %a0, %o : (!tile.tile<160x128xf16, left>, !tile.tensor<160x128xf16>) -> !tile.tensor<160x128xf16>
  %a1 = tile.load %x into %m1 {tile.pipeline = [7, 1]} : (!tile.tensor<160x128xf16>) -> !tile.tile<160x128xf16, left>
  %s1 = tile.store %a1, %o : (!tile.tile<160x128xf16, left>, !tile.tensor<160x128xf16>) -> !tile.tensor<160x128xf16>
  return
}

// -----

// Shedding: two groups of 24 KiB stages ask for 2 concurrent stages each
// (96 KiB) while a 24 KiB tile lives throughout; 64 KiB of L0A cannot hold
// that. The group freeing the most bytes sheds first (ties: lowest id), one
// residue at a time, until the space fits: group 1 drops to depth 1.
// CHECK-LABEL: func.func @shed
// CHECK:      %b0 = tile.load %x into %[[B:[a-z0-9_]+]] :
// CHECK:      %b1 = tile.load %x into %[[B]] :
func.func @shed(%x: !tile.tensor<96x128xf16>, %o: !tile.tensor<96x128xf16>) {
  %keep = tile.alloc left, 24576 : !tile.buf<left>
  %m0 = tile.alloc left, 24576 : !tile.buf<left>
  %m1 = tile.alloc left, 24576 : !tile.buf<left>
  %m2 = tile.alloc left, 16384 : !tile.buf<left>
  %m3 = tile.alloc left, 16384 : !tile.buf<left>
  %k = tile.load %x into %keep : (!tile.tensor<96x128xf16>) -> !tile.tile<96x128xf16, left>
  // expected-remark @+1 {{PH-MR-001: pipeline group 1 asks for 2 concurrent stages in memory space 'left' but only 1 fit}}
  %b0 = tile.load %x into %m0 {tile.pipeline = [1, 0]} : (!tile.tensor<96x128xf16>) -> !tile.tile<96x128xf16, left>
  %t0 = tile.store %b0, %o : (!tile.tile<96x128xf16, left>, !tile.tensor<96x128xf16>) -> !tile.tensor<96x128xf16>
  %b1 = tile.load %x into %m1 {tile.pipeline = [1, 1]} : (!tile.tensor<96x128xf16>) -> !tile.tile<96x128xf16, left>
  %t1 = tile.store %b1, %o : (!tile.tile<96x128xf16, left>, !tile.tensor<96x128xf16>) -> !tile.tensor<96x128xf16>
  %c0 = tile.load %x into %m2 {tile.pipeline = [2, 0]} : (!tile.tensor<96x128xf16>) -> !tile.tile<64x128xf16, left>
  %t2 = tile.store %c0, %o : (!tile.tile<64x128xf16, left>, !tile.tensor<96x128xf16>) -> !tile.tensor<96x128xf16>
  %c1 = tile.load %x into %m3 {tile.pipeline = [2, 1]} : (!tile.tensor<96x128xf16>) -> !tile.tile<64x128xf16, left>
  %t3 = tile.store %c1, %o : (!tile.tile<64x128xf16, left>, !tile.tensor<96x128xf16>) -> !tile.tensor<96x128xf16>
  %t4 = tile.store %k, %o : (!tile.tile<96x128xf16, left>, !tile.tensor<96x128xf16>) -> !tile.tensor<96x128xf16>
  return
}

// -----

// Legacy fallback: 48 KiB live all along plus a group of 32 KiB stages
// cannot fit 64 KiB of L0A even at depth 1; the pass packs as if there were
// no pipeline tags and warns (allocate-addr will then report the overflow).
// CHECK-LABEL: func.func @fallback
func.func @fallback(%x: !tile.tensor<192x128xf16>, %o: !tile.tensor<192x128xf16>) {
  %keep = tile.alloc left, 49152 : !tile.buf<left>
  %m0 = tile.alloc left, 32768 : !tile.buf<left>
  %m1 = tile.alloc left, 32768 : !tile.buf<left>
  %k = tile.load %x into %keep : (!tile.tensor<192x128xf16>) -> !tile.tile<192x128xf16, left>
  // expected-remark @+2 {{PH-MR-001: pipeline group 3}}
  // expected-warning @+1 {{memory space 'left' overflows its 65536 bytes even with every pipeline group at depth 1}}
  %a0 = tile.load %x into %m0 {tile.pipeline = [3, 0]} : (!tile.tensor<192x128xf16>) -> !tile.tile<128x128xf16, left>
  %s0 = tile.store %a0, %o : (!tile.tile<128x128xf16, left>, !tile.tensor<192x128xf16>) -> !tile.tensor<192x128xf16>
  %a1 = tile.load %x into %m1 {tile.pipeline = [3, 1]} : (!tile.tensor<192x128xf16>) -> !tile.tile<128x128xf16, left>
  %s1 = tile.store %a1, %o : (!tile.tile<128x128xf16, left>, !tile.tensor<192x128xf16>) -> !tile.tensor<192x128xf16>
  %s2 = tile.store %k, %o : (!tile.tile<192x128xf16, left>, !tile.tensor<192x128xf16>) -> !tile.tensor<192x128xf16>
  return
}
