// RUN: pto-opt %s -split-input-file --target=ascend910b -allocate-addr="planner=dsa-rp penalties=false" -check-tile-placement | FileCheck %s
// RUN: pto-opt %s -split-input-file --target=ascend910b -allocate-addr="planner=dsa-rp within-best-fit=false" -check-tile-placement | FileCheck %s --check-prefix=PEN
// RUN: pto-opt %s -split-input-file --target=ascend910b -allocate-addr=planner=dsa-rp -check-tile-placement | FileCheck %s --check-prefix=BUD

// Reuse of dead ranges: each tile dies where the next is written (inputs
// are read before outputs are written), so DSA-RP gives all four
// allocation identities the same bytes.
// CHECK-LABEL: func.func @dead_ranges
// CHECK-COUNT-4: tile.alloc vec, 16384 {addr = 0}
func.func @dead_ranges(%in: !tile.tensor<64x64xf32>) {
  %m0 = tile.alloc vec, 16384 : !tile.buf<vec>
  %m1 = tile.alloc vec, 16384 : !tile.buf<vec>
  %m2 = tile.alloc vec, 16384 : !tile.buf<vec>
  %m3 = tile.alloc vec, 16384 : !tile.buf<vec>
  %a = tile.load %in into %m0 : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  %b = tile.exp %a into %m1 : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  %c = tile.abs %b into %m2 : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  %d = tile.neg %c into %m3 : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// No-alias separation: %a dies at the row_sum, but row_sum must not write
// over its input, so the output gets other bytes.
// CHECK-LABEL: func.func @no_alias
// CHECK:       %m0 = tile.alloc vec, 16384 {addr = 0}
// CHECK-NEXT:  %m1 = tile.alloc vec, 256 {addr = 16384}
func.func @no_alias(%in: !tile.tensor<64x64xf32>) {
  %m0 = tile.alloc vec, 16384 : !tile.buf<vec>
  %m1 = tile.alloc vec, 256 : !tile.buf<vec>
  %a = tile.load %in into %m0 : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  %s = tile.row_sum %a into %m1 : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x1xf32, vec>
  return
}

// -----

// Pinned separation: a declared allocation is separated from everything
// in its space, even from a tile whose lifetime never meets its own.
// CHECK-LABEL: func.func @pinned
// CHECK:       %p = tile.alloc vec, 16384 {addr = 0, pinned}
// CHECK-NEXT:  %m1 = tile.alloc vec, 16384 {addr = 16384}
func.func @pinned(%in: !tile.tensor<64x64xf32>) {
  %p = tile.alloc vec, 16384 {pinned} : !tile.buf<vec>
  %m1 = tile.alloc vec, 16384 : !tile.buf<vec>
  %a = tile.load %in into %p : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  %b = tile.exp %a into %m1 : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// The Ascend910B load + tpop_from_aic hazard, in a split-AIV function
// (tile.split_aiv): the add reads a loaded tile and a tile popped from the
// cube, so its output must not reuse the load's buffer (it takes the dead
// tpop buffer instead).
// CHECK-LABEL: func.func @hazard
// CHECK:       %m0 = tile.alloc vec, 16384 {addr = 0}
// CHECK-NEXT:  %m1 = tile.alloc vec, 16384 {addr = 16384}
// CHECK-NEXT:  %m2 = tile.alloc vec, 16384 {addr = 16384}
func.func @hazard(%in: !tile.tensor<64x64xf32>) attributes {tile.split_aiv} {
  %m0 = tile.alloc vec, 16384 : !tile.buf<vec>
  %m1 = tile.alloc vec, 16384 : !tile.buf<vec>
  %m2 = tile.alloc vec, 16384 : !tile.buf<vec>
  %a = tile.load %in into %m0 : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  %t = tile.tpop_from_aic into %m1 : () -> !tile.tile<64x64xf32, vec>
  %b = tile.add %a, %t into %m2 : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// The same kernel in a function that is not split-AIV: no hazard, the
// output may reuse the load's buffer.
// CHECK-LABEL: func.func @no_hazard
// CHECK:       %m0 = tile.alloc vec, 16384 {addr = 0}
// CHECK-NEXT:  %m1 = tile.alloc vec, 16384 {addr = 16384}
// CHECK-NEXT:  %m2 = tile.alloc vec, 16384 {addr = 0}
func.func @no_hazard(%in: !tile.tensor<64x64xf32>) {
  %m0 = tile.alloc vec, 16384 : !tile.buf<vec>
  %m1 = tile.alloc vec, 16384 : !tile.buf<vec>
  %m2 = tile.alloc vec, 16384 : !tile.buf<vec>
  %a = tile.load %in into %m0 : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  %t = tile.tpop_from_aic into %m1 : () -> !tile.tile<64x64xf32, vec>
  %b = tile.add %a, %t into %m2 : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// Pipeline stages: the producers of stage 0 and stage 1 of one group
// (tile.pipeline = [group, stage]) run concurrently once the loop is
// software-pipelined, so their allocations are separated although their
// lifetimes in program order do not meet; the non-staged exps still reuse.
// CHECK-LABEL: func.func @stages
// CHECK:       %m0 = tile.alloc vec, 16384 {addr = 0}
// CHECK-NEXT:  %m1 = tile.alloc vec, 16384 {addr = 0}
// CHECK-NEXT:  %m2 = tile.alloc vec, 16384 {addr = 16384}
// CHECK-NEXT:  %m3 = tile.alloc vec, 16384 {addr = 0}
func.func @stages(%in: !tile.tensor<64x64xf32>) {
  %m0 = tile.alloc vec, 16384 : !tile.buf<vec>
  %m1 = tile.alloc vec, 16384 : !tile.buf<vec>
  %m2 = tile.alloc vec, 16384 : !tile.buf<vec>
  %m3 = tile.alloc vec, 16384 : !tile.buf<vec>
  %a = tile.load %in into %m0 {tile.pipeline = [0, 0]} : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  %b = tile.exp %a into %m1 : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  %c = tile.load %in into %m2 {tile.pipeline = [0, 1]} : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  %d = tile.exp %c into %m3 : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// Cross-pipe penalties: %x is last touched by the vector unit (recip), %z
// is first written by MTE2 (a load). Sharing their bytes would force a
// V -> MTE2 synchronisation, so with penalties and no peak budget
// (within-best-fit=false) DSA-RP puts %z above; without penalties it
// reuses %x's dead range. By default the peak stays at best fit's (two
// tiles), so the penalty is paid: %z reuses %x's range.
// CHECK-LABEL: func.func @cross_pipe
// CHECK:       %mx = tile.alloc vec, 16384 {addr = [[X:[0-9]+]]}
// CHECK-NEXT:  %my = tile.alloc vec, 16384
// CHECK-NEXT:  %mz = tile.alloc vec, 16384 {addr = [[X]]}
// PEN-LABEL:   func.func @cross_pipe
// PEN:         %mx = tile.alloc vec, 16384 {addr = {{0|16384}}}
// PEN-NEXT:    %my = tile.alloc vec, 16384 {addr = {{0|16384}}}
// PEN-NEXT:    %mz = tile.alloc vec, 16384 {addr = 32768}
// BUD-LABEL:   func.func @cross_pipe
// BUD:         %mx = tile.alloc vec, 16384 {addr = [[X:[0-9]+]]}
// BUD-NEXT:    %my = tile.alloc vec, 16384
// BUD-NEXT:    %mz = tile.alloc vec, 16384 {addr = [[X]]}
func.func @cross_pipe(%in: !tile.tensor<64x64xf32>) {
  %mx = tile.alloc vec, 16384 : !tile.buf<vec>
  %my = tile.alloc vec, 16384 : !tile.buf<vec>
  %mz = tile.alloc vec, 16384 : !tile.buf<vec>
  %x = tile.load %in into %mx : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  %y = tile.recip %x into %my : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  %z = tile.load %in into %mz : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  %s = tile.add %y, %z into %my : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// tile.reuse_penalty = 0 on %mz waives the cross-pipe penalty of reusing %x's
// range: DSA-RP then shares it even with penalties on.
// PEN-LABEL:   func.func @waived
// PEN:         %mx = tile.alloc vec, 16384 {addr = [[X:[0-9]+]]}
// PEN-NEXT:    %my = tile.alloc vec, 16384
// PEN-NEXT:    %mz = tile.alloc vec, 16384 {addr = [[X]], tile.reuse_penalty = 0}
func.func @waived(%in: !tile.tensor<64x64xf32>) {
  %mx = tile.alloc vec, 16384 : !tile.buf<vec>
  %my = tile.alloc vec, 16384 : !tile.buf<vec>
  %mz = tile.alloc vec, 16384 {tile.reuse_penalty = 0} : !tile.buf<vec>
  %x = tile.load %in into %mx : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  %y = tile.recip %x into %my : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  %z = tile.load %in into %mz : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  %s = tile.add %y, %z into %my : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  return
}
