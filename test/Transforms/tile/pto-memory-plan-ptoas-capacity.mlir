// With planner=ptoas the addresses are ptoas's to choose, but a kernel
// whose tiles live at one point need more bytes than the space has fits
// no planner: pto-memory-plan refuses it instead of handing ptoas a
// kernel its planner must reject. ptoas plans into the physical capacity
// (192 KiB of UB on ascend910b), so that is the bound.
// RUN: pto-opt %s -split-input-file -verify-diagnostics -pto-memory-plan=planner=ptoas --target=ascend910b

// expected-error @+1 {{init-memref: the tiles live at once need 204800 bytes of 'vec', more than the 196608 bytes ptoas plans into on target 'ascend910b': no placement fits (planner=ptoas)}}
func.func @too_big(%in: !tile.tensor<200x256xf32>, %out: !tile.tensor<200x256xf32>) {
  %t = tile.load %in {offsets = [0, 0]} : (!tile.tensor<200x256xf32>) -> !tile.tile<200x256xf32, vec>
  %r = tile.store %t, %out {offsets = [0, 0]} : (!tile.tile<200x256xf32, vec>, !tile.tensor<200x256xf32>) -> !tile.tensor<200x256xf32>
  return
}

// -----

// Two 96 KiB tiles live one after the other fit ptoas's 192 KiB, though
// not pto-opt's usable 184 KiB if they were live together: the bound is
// what is live at once, not the sum.
func.func @fits_one_at_a_time(%in: !tile.tensor<96x256xf32>, %out: !tile.tensor<96x256xf32>) {
  %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<96x256xf32>) -> !tile.tile<96x256xf32, vec>
  %r = tile.store %a, %out {offsets = [0, 0]} : (!tile.tile<96x256xf32, vec>, !tile.tensor<96x256xf32>) -> !tile.tensor<96x256xf32>
  %b = tile.load %in {offsets = [0, 0]} : (!tile.tensor<96x256xf32>) -> !tile.tile<96x256xf32, vec>
  %s = tile.store %b, %out {offsets = [0, 0]} : (!tile.tile<96x256xf32, vec>, !tile.tensor<96x256xf32>) -> !tile.tensor<96x256xf32>
  return
}
