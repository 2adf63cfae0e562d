// RUN: pto-opt %s -split-input-file -allocate-addr="planner=dsa-rp penalties=false" --target=ascend910b -check-tile-placement | FileCheck %s --check-prefix=A2
// RUN: pto-opt %s -split-input-file -allocate-addr="planner=dsa-rp penalties=false" --target=ascend950 -check-tile-placement | FileCheck %s --check-prefix=A5
// RUN: pto-opt %s -split-input-file -allocate-addr="planner=dsa-rp penalties=false" --target=%S/Inputs/a5-small-ub.json -check-tile-placement | FileCheck %s --check-prefix=A5
// RUN: not pto-opt %s --target=ascend999 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not pto-opt %s --target=%S/Inputs/cycle-a.json 2>&1 | FileCheck %s --check-prefix=CYCLE

// In-place variants are target data: on Ascend910B (A2/A3) prelu reads
// src, slope and tmp while writing dst, so its output may alias none of
// them; on Ascend950 (A5) the tmp operand is never read and the output
// may reuse it. A user target that inherits ascend950 (here with a 32 KiB
// UB) keeps the A5 rule.
// A2-LABEL: func.func @prelu
// A2:       %mt = tile.alloc vec, 4096 {addr = 8192}
// A2-NEXT:  %mp = tile.alloc vec, 4096 {addr = 12288}
// A5-LABEL: func.func @prelu
// A5:       %mt = tile.alloc vec, 4096 {addr = [[T:[0-9]+]]}
// A5-NEXT:  %mp = tile.alloc vec, 4096 {addr = [[T]]}
// UNKNOWN: pto-opt: --target: unknown target 'ascend999' (built-in targets: ascend910b, ascend950, generic; or give a .json file)
// CYCLE:   pto-opt: --target: {{.*}}cycle-a.json:1:21: inherits: {{.*}}cycle-b.json:1:21: inherits: target inheritance cycle: {{.*}}cycle-a.json -> {{.*}}cycle-b.json -> {{.*}}cycle-a.json
func.func @prelu(%in: !tile.tensor<32x32xf32>) {
  %mx = tile.alloc vec, 4096 : !tile.buf<vec>
  %ms = tile.alloc vec, 4096 : !tile.buf<vec>
  %mt = tile.alloc vec, 4096 : !tile.buf<vec>
  %mp = tile.alloc vec, 4096 : !tile.buf<vec>
  %x = tile.load %in into %mx : (!tile.tensor<32x32xf32>) -> !tile.tile<32x32xf32, vec>
  %s = tile.load %in into %ms : (!tile.tensor<32x32xf32>) -> !tile.tile<32x32xf32, vec>
  %t = tile.load %in into %mt : (!tile.tensor<32x32xf32>) -> !tile.tile<32x32xf32, vec>
  %p = tile.prelu %x, %s, %t into %mp : (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
  return
}
