// RUN: pto-opt %s -allocate-addr=planner=sequential -check-tile-placement | FileCheck %s
// RUN: not pto-opt %s --target=ascend910b -allocate-addr=planner=sequential 2>&1 | FileCheck %s --check-prefix=A2

// The module attribute tile.target selects the target when --target is
// not given: 200 KiB of UB fit the 240 KiB of Ascend950. --target wins
// over the attribute: on Ascend910B (184 KiB of UB) the same kernel
// overflows.
// CHECK: tile.alloc vec, 204800 {addr = 0}
// A2: :13:10: error: allocate-addr: tile %t needs 204800 bytes of memory space 'vec', more than all 188416 bytes the space has on target 'ascend910b'
module attributes {tile.target = "ascend950"} {
  func.func @big(%in: !tile.tensor<200x256xf32>) {
    %m = tile.alloc vec, 204800 : !tile.buf<vec>
    %t = tile.load %in into %m : (!tile.tensor<200x256xf32>) -> !tile.tile<200x256xf32, vec>
    return
  }
}
