// With planner=ptoas the tiles get no addresses: ptoas plans them with
// its own PlanMemory, whose liveness is coarser than pto-opt's. The last
// step of the pipeline, check-ptoas-plan, runs ptoas's liveness and
// placement (into ptoas's capacity, 192 KiB of UB on ascend910b, every
// size rounded to 32 bytes) and refuses exactly the kernels ptoas would
// run out of room on, with the bytes ptoas would need: never hand ptoas a
// kernel its planner rejects, never refuse one it fits.
// RUN: pto-opt %s -split-input-file -verify-diagnostics -pto-memory-plan=planner=ptoas --target=ascend910b

// One tile bigger than the space: the error is at the tile, with ptoas's
// capacity, the bytes ptoas would need and how many rows fit alone.
func.func @too_big(%in: !tile.tensor<200x256xf32>, %out: !tile.tensor<200x256xf32>) {
  // expected-error @+1 {{check-ptoas-plan: tile %t needs 204800 bytes of memory space 'vec', more than all 196608 bytes the space has on target 'ascend910b' as ptoas plans it (planner=ptoas): no placement can fit it (ptoas's planner would need 204800 bytes of 'vec' in all); use a tile of fewer rows (at most 192 of its 200 fit alone, and others must fit beside it) and an scf.for over the row blocks, as examples/softmax.mlir does}}
  %t = tile.load %in {offsets = [0, 0]} : (!tile.tensor<200x256xf32>) -> !tile.tile<200x256xf32, vec>
  %r = tile.store %t, %out {offsets = [0, 0]} : (!tile.tile<200x256xf32, vec>, !tile.tensor<200x256xf32>) -> !tile.tensor<200x256xf32>
  return
}

// -----

// Outside loops ptoas frees a tile at its last use: two 96 KiB tiles one
// after the other share bytes.
func.func @fits_one_at_a_time(%in: !tile.tensor<96x256xf32>, %out: !tile.tensor<96x256xf32>) {
  %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<96x256xf32>) -> !tile.tile<96x256xf32, vec>
  %r = tile.store %a, %out {offsets = [0, 0]} : (!tile.tile<96x256xf32, vec>, !tile.tensor<96x256xf32>) -> !tile.tensor<96x256xf32>
  %b = tile.load %in {offsets = [0, 0]} : (!tile.tensor<96x256xf32>) -> !tile.tile<96x256xf32, vec>
  %s = tile.store %b, %out {offsets = [0, 0]} : (!tile.tile<96x256xf32, vec>, !tile.tensor<96x256xf32>) -> !tile.tensor<96x256xf32>
  return
}

// -----

// Three 80 KiB tiles one after another, 240 KiB in all, fit: ptoas
// reuses the first one's bytes for the third.
func.func @three_in_sequence(%in: !tile.tensor<80x256xf32>, %out: !tile.tensor<80x256xf32>) {
  %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<80x256xf32>) -> !tile.tile<80x256xf32, vec>
  %r = tile.store %a, %out {offsets = [0, 0]} : (!tile.tile<80x256xf32, vec>, !tile.tensor<80x256xf32>) -> !tile.tensor<80x256xf32>
  %b = tile.load %in {offsets = [0, 0]} : (!tile.tensor<80x256xf32>) -> !tile.tile<80x256xf32, vec>
  %s = tile.store %b, %out {offsets = [0, 0]} : (!tile.tile<80x256xf32, vec>, !tile.tensor<80x256xf32>) -> !tile.tensor<80x256xf32>
  %c = tile.load %in {offsets = [0, 0]} : (!tile.tensor<80x256xf32>) -> !tile.tile<80x256xf32, vec>
  %u = tile.store %c, %out {offsets = [0, 0]} : (!tile.tile<80x256xf32, vec>, !tile.tensor<80x256xf32>) -> !tile.tensor<80x256xf32>
  return
}

// -----

// ptoas keeps every tile a loop uses live from the loop's start to its
// end, and a tile used after a loop live from that loop's start: two
// loops of two 64 KiB tiles each need 256 KiB in ptoas (all four are born
// at the first loop's start), though never more than 128 KiB are in use.
// expected-error @+1 {{check-ptoas-plan: ptoas's planner would need 262144 bytes of 'vec', more than the 196608 it plans into on target 'ascend910b' (planner=ptoas)}}
func.func @two_loops(%in: !tile.tensor<256x256xf32>, %out: !tile.tensor<256x256xf32>) -> !tile.tensor<256x256xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-note @+1 {{ptoas takes 4 tiles of 'vec' (262144 bytes) as live from the start of this loop to the end of the top-level op around it}}
  %r1 = scf.for %i = %c0 to %c4 step %c1 iter_args(%y = %out) -> (!tile.tensor<256x256xf32>) {
    %x = tile.load %in, %i {offsets = [64, 0]} : (!tile.tensor<256x256xf32>, index) -> !tile.tile<64x256xf32, vec>
    %e = tile.exp %x : (!tile.tile<64x256xf32, vec>) -> !tile.tile<64x256xf32, vec>
    %y2 = tile.store %e, %y, %i {offsets = [64, 0]} : (!tile.tile<64x256xf32, vec>, !tile.tensor<256x256xf32>, index) -> !tile.tensor<256x256xf32>
    scf.yield %y2 : !tile.tensor<256x256xf32>
  }
  %r2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%y = %r1) -> (!tile.tensor<256x256xf32>) {
    %x = tile.load %in, %i {offsets = [64, 0]} : (!tile.tensor<256x256xf32>, index) -> !tile.tile<64x256xf32, vec>
    %e = tile.exp %x : (!tile.tile<64x256xf32, vec>) -> !tile.tile<64x256xf32, vec>
    %y2 = tile.store %e, %y, %i {offsets = [64, 0]} : (!tile.tile<64x256xf32, vec>, !tile.tensor<256x256xf32>, index) -> !tile.tensor<256x256xf32>
    scf.yield %y2 : !tile.tensor<256x256xf32>
  }
  return %r2 : !tile.tensor<256x256xf32>
}

// -----

// A tile first used after a loop is live from the loop's start: a
// 100 KiB tile in a loop and another after it need 200 KiB in ptoas.
// expected-error @+1 {{check-ptoas-plan: ptoas's planner would need 204800 bytes of 'vec', more than the 196608 it plans into on target 'ascend910b' (planner=ptoas)}}
func.func @after_loop(%in: !tile.tensor<100x256xf32>, %out: !tile.tensor<100x256xf32>) -> !tile.tensor<100x256xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  // expected-note @+1 {{ptoas takes 2 tiles of 'vec' (204800 bytes) as live from the start of this loop to the end of the top-level op around it}}
  %r1 = scf.for %i = %c0 to %c2 step %c1 iter_args(%y = %out) -> (!tile.tensor<100x256xf32>) {
    %x = tile.load %in {offsets = [0, 0]} : (!tile.tensor<100x256xf32>) -> !tile.tile<100x256xf32, vec>
    %y2 = tile.store %x, %y {offsets = [0, 0]} : (!tile.tile<100x256xf32, vec>, !tile.tensor<100x256xf32>) -> !tile.tensor<100x256xf32>
    scf.yield %y2 : !tile.tensor<100x256xf32>
  }
  %b = tile.load %in {offsets = [0, 0]} : (!tile.tensor<100x256xf32>) -> !tile.tile<100x256xf32, vec>
  %r2 = tile.store %b, %r1 {offsets = [0, 0]} : (!tile.tile<100x256xf32, vec>, !tile.tensor<100x256xf32>) -> !tile.tensor<100x256xf32>
  return %r2 : !tile.tensor<100x256xf32>
}

// -----

// The same two tiles with the second one before the loop: it dies at its
// last use, before the loop starts, and the loop's tile reuses its bytes.
func.func @before_loop(%in: !tile.tensor<100x256xf32>, %out: !tile.tensor<100x256xf32>) -> !tile.tensor<100x256xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %b = tile.load %in {offsets = [0, 0]} : (!tile.tensor<100x256xf32>) -> !tile.tile<100x256xf32, vec>
  %r0 = tile.store %b, %out {offsets = [0, 0]} : (!tile.tile<100x256xf32, vec>, !tile.tensor<100x256xf32>) -> !tile.tensor<100x256xf32>
  %r1 = scf.for %i = %c0 to %c2 step %c1 iter_args(%y = %r0) -> (!tile.tensor<100x256xf32>) {
    %x = tile.load %in {offsets = [0, 0]} : (!tile.tensor<100x256xf32>) -> !tile.tile<100x256xf32, vec>
    %y2 = tile.store %x, %y {offsets = [0, 0]} : (!tile.tile<100x256xf32, vec>, !tile.tensor<100x256xf32>) -> !tile.tensor<100x256xf32>
    scf.yield %y2 : !tile.tensor<100x256xf32>
  }
  return %r1 : !tile.tensor<100x256xf32>
}

// -----

// A tile last used inside an scf.if lives to the end of the if: the
// 100 KiB tile loaded before the if and last stored in its branch is
// still live when the branch loads another 100 KiB tile after that store.
// expected-error @+1 {{check-ptoas-plan: ptoas's planner would need 204800 bytes of 'vec', more than the 196608 it plans into on target 'ascend910b' (planner=ptoas)}}
func.func @if_holds(%in: !tile.tensor<100x256xf32>, %out: !tile.tensor<100x256xf32>, %p: i1) {
  %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<100x256xf32>) -> !tile.tile<100x256xf32, vec>
  scf.if %p {
    %r = tile.store %a, %out {offsets = [0, 0]} : (!tile.tile<100x256xf32, vec>, !tile.tensor<100x256xf32>) -> !tile.tensor<100x256xf32>
    %b = tile.load %in {offsets = [0, 0]} : (!tile.tensor<100x256xf32>) -> !tile.tile<100x256xf32, vec>
    %s = tile.store %b, %out {offsets = [0, 0]} : (!tile.tile<100x256xf32, vec>, !tile.tensor<100x256xf32>) -> !tile.tensor<100x256xf32>
  }
  return
}

// -----

// The same outside the if: the first tile dies at its store and the
// second reuses its bytes.
func.func @no_if(%in: !tile.tensor<100x256xf32>, %out: !tile.tensor<100x256xf32>) {
  %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<100x256xf32>) -> !tile.tile<100x256xf32, vec>
  %r = tile.store %a, %out {offsets = [0, 0]} : (!tile.tile<100x256xf32, vec>, !tile.tensor<100x256xf32>) -> !tile.tensor<100x256xf32>
  %b = tile.load %in {offsets = [0, 0]} : (!tile.tensor<100x256xf32>) -> !tile.tile<100x256xf32, vec>
  %s = tile.store %b, %out {offsets = [0, 0]} : (!tile.tile<100x256xf32, vec>, !tile.tensor<100x256xf32>) -> !tile.tensor<100x256xf32>
  return
}
