// RUN: pto-opt %s -split-input-file -allocate-addr -check-tile-placement | FileCheck %s
// RUN: pto-opt %s -split-input-file -allocate-addr=planner=sequential --target=%S/Inputs/reserved-ub.json -check-tile-placement | FileCheck %s --check-prefix=RESERVED

// planner=sequential (PyPTO's bump allocator): per space from 0, in name
// order (not program order), each at the previous end rounded up to 32
// bytes; lifetimes are ignored, so nothing is shared. 100 bytes at 0 push
// the next allocation to 128; the mat space starts again at 0. With a user
// target reserving UB [0, 4096) the vec space starts at 4096 instead.
// CHECK-LABEL: func.func @name_order_alignment
// CHECK-DAG:   %c_buf = tile.alloc vec, 4096 {addr = 160} : !tile.buf<vec>
// CHECK-DAG:   %b_buf = tile.alloc vec, 32 {addr = 128} : !tile.buf<vec>
// CHECK-DAG:   %a_buf = tile.alloc vec, 100 {addr = 0} : !tile.buf<vec>
// CHECK-DAG:   %m_buf = tile.alloc mat, 64 {addr = 0} : !tile.buf<mat>
// RESERVED-LABEL: func.func @name_order_alignment
// RESERVED-DAG:   %c_buf = tile.alloc vec, 4096 {addr = 4256} : !tile.buf<vec>
// RESERVED-DAG:   %b_buf = tile.alloc vec, 32 {addr = 4224} : !tile.buf<vec>
// RESERVED-DAG:   %a_buf = tile.alloc vec, 100 {addr = 4096} : !tile.buf<vec>
// RESERVED-DAG:   %m_buf = tile.alloc mat, 64 {addr = 0} : !tile.buf<mat>
func.func @name_order_alignment(%in: !tile.tensor<64x64xf32>) {
  %c_buf = tile.alloc vec, 4096 : !tile.buf<vec>
  %b_buf = tile.alloc vec, 32 : !tile.buf<vec>
  %a_buf = tile.alloc vec, 100 : !tile.buf<vec>
  %m_buf = tile.alloc mat, 64 : !tile.buf<mat>
  %a = tile.load %in into %a_buf : (!tile.tensor<64x64xf32>) -> !tile.tile<5x5xf32, vec>
  %b = tile.load %in into %b_buf : (!tile.tensor<64x64xf32>) -> !tile.tile<1x8xf32, vec>
  %c = tile.load %in into %c_buf : (!tile.tensor<64x64xf32>) -> !tile.tile<32x32xf32, vec>
  %m = tile.load %in into %m_buf : (!tile.tensor<64x64xf32>) -> !tile.tile<4x4xf32, mat>
  return
}

// -----

// A destination offset is relative to its allocation, which keeps one
// slot: the tile at `+ 1024` moves with %big.
// CHECK-LABEL: func.func @views_share_slot
// CHECK:       %big = tile.alloc vec, 2048 {addr = 0}
// CHECK:       %other = tile.alloc vec, 1024 {addr = 2048}
// CHECK:       tile.load %in into %big + 1024
func.func @views_share_slot(%in: !tile.tensor<64x64xf32>) {
  %big = tile.alloc vec, 2048 : !tile.buf<vec>
  %other = tile.alloc vec, 1024 : !tile.buf<vec>
  %a = tile.load %in into %big : (!tile.tensor<64x64xf32>) -> !tile.tile<16x16xf32, vec>
  %v = tile.reshape %a : (!tile.tile<16x16xf32, vec>) -> !tile.tile<8x32xf32, vec>
  %b = tile.load %in into %big + 1024 : (!tile.tensor<64x64xf32>) -> !tile.tile<16x16xf32, vec>
  %c = tile.add %v, %v into %other : (!tile.tile<8x32xf32, vec>, !tile.tile<8x32xf32, vec>) -> !tile.tile<8x32xf32, vec>
  return
}
