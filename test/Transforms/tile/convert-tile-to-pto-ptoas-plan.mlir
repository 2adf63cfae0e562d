// Output without addresses is planned by ptoas itself (level 2). When the
// pipeline did not end with pto-memory-plan{planner=ptoas}, whose last
// step is check-ptoas-plan, convert-tile-to-pto runs that check before it
// lowers: the same kernels are refused, with the same bytes, however the
// tiles were bound.
// RUN: pto-opt %s -split-input-file -verify-diagnostics --target=ascend910b -materialize-scratch -init-memref=planner=ptoas -materialize-semantic-aliases -convert-tile-to-pto
// RUN: pto-opt %s -split-input-file -verify-diagnostics --target=ascend910b -pto-memory-plan=planner=ptoas -convert-tile-to-pto
// check-ptoas-plan{refuse=false} leaves the verdict to ptoas: a warning,
// and the conversion, finding the check run, lowers the kernel.
// RUN: pto-opt %s -split-input-file --target=ascend910b -materialize-scratch -init-memref=planner=ptoas -materialize-semantic-aliases -check-ptoas-plan=refuse=false -convert-tile-to-pto 2>&1 | FileCheck %s --check-prefix=WARN
// WARN: warning: check-ptoas-plan: ptoas's planner would need 262144 bytes of 'vec'
// WARN-NOT: error
// WARN-LABEL: func.func @loop_too_big(
// WARN: pto.alloc_tile :

// Two 128 KiB tiles live across a loop do not fit ptoas's 192 KiB of vec.
// expected-error @+1 {{check-ptoas-plan: ptoas's planner would need 262144 bytes of 'vec', more than the 196608 it plans into on target 'ascend910b' (planner=ptoas)}}
func.func @loop_too_big(%in: !tile.tensor<128x256xf32>, %out: !tile.tensor<128x256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<128x256xf32>) -> !tile.tile<128x256xf32, vec>
  // expected-note @+1 {{ptoas takes 1 tiles of 'vec' (131072 bytes) as live from the start of this loop}}
  scf.for %i = %c0 to %c2 step %c1 {
    %b = tile.exp %a : (!tile.tile<128x256xf32, vec>) -> !tile.tile<128x256xf32, vec>
    %r = tile.store %b, %out {offsets = [0, 0]} : (!tile.tile<128x256xf32, vec>, !tile.tensor<128x256xf32>) -> !tile.tensor<128x256xf32>
  }
  return
}

// -----

// One at a time they fit: lowered, no addresses.
func.func @fits(%in: !tile.tensor<96x256xf32>, %out: !tile.tensor<96x256xf32>) {
  %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<96x256xf32>) -> !tile.tile<96x256xf32, vec>
  %r = tile.store %a, %out {offsets = [0, 0]} : (!tile.tile<96x256xf32, vec>, !tile.tensor<96x256xf32>) -> !tile.tensor<96x256xf32>
  %b = tile.load %in {offsets = [0, 0]} : (!tile.tensor<96x256xf32>) -> !tile.tile<96x256xf32, vec>
  %s = tile.store %b, %out {offsets = [0, 0]} : (!tile.tile<96x256xf32, vec>, !tile.tensor<96x256xf32>) -> !tile.tensor<96x256xf32>
  return
}
