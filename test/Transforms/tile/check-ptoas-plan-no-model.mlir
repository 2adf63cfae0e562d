// A target that does not describe ptoas's planner for a space (no "ptoas"
// entry) gets the coarser check there: refused when the tiles live at
// once, by pto-opt's liveness, exceed the capacity; a warning when they
// all together do.
// RUN: pto-opt %s -split-input-file -verify-diagnostics -pto-memory-plan=planner=ptoas --target=%S/Inputs/no-ptoas-plan.json
// convert-tile-to-pto after the pipeline does not check again (each
// warning once).
// RUN: pto-opt %s -split-input-file -verify-diagnostics -pto-memory-plan=planner=ptoas --target=%S/Inputs/no-ptoas-plan.json -convert-tile-to-pto

// Two 100 KiB tiles live at once.
// expected-error @+1 {{check-ptoas-plan: the tiles live at once need 204800 bytes of 'vec', more than the 196608 bytes ptoas plans into on target 'no-ptoas-plan': no placement fits (planner=ptoas)}}
func.func @too_big(%in: !tile.tensor<100x256xf32>, %out: !tile.tensor<100x256xf32>) {
  %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<100x256xf32>) -> !tile.tile<100x256xf32, vec>
  %b = tile.load %in {offsets = [0, 0]} : (!tile.tensor<100x256xf32>) -> !tile.tile<100x256xf32, vec>
  %t = tile.add %a, %b : (!tile.tile<100x256xf32, vec>, !tile.tile<100x256xf32, vec>) -> !tile.tile<100x256xf32, vec>
  %r = tile.store %t, %out {offsets = [0, 0]} : (!tile.tile<100x256xf32, vec>, !tile.tensor<100x256xf32>) -> !tile.tensor<100x256xf32>
  return
}

// -----

// One tile larger than the space: the error is at the tile, with the
// rows that fit alone.
func.func @one_too_big(%in: !tile.tensor<200x256xf32>, %out: !tile.tensor<200x256xf32>) {
  // expected-error @+1 {{check-ptoas-plan: tile %t needs 204800 bytes of memory space 'vec', more than all 196608 bytes the space has on target 'no-ptoas-plan' (planner=ptoas): no placement can fit it; use a tile of fewer rows (at most 192 of its 200 fit alone, and others must fit beside it) and an scf.for over the row blocks}}
  %t = tile.load %in {offsets = [0, 0]} : (!tile.tensor<200x256xf32>) -> !tile.tile<200x256xf32, vec>
  %r = tile.store %t, %out {offsets = [0, 0]} : (!tile.tile<200x256xf32, vec>, !tile.tensor<200x256xf32>) -> !tile.tensor<200x256xf32>
  return
}

// -----

// expected-warning @+1 {{check-ptoas-plan: ptoas plans 'vec' itself and may run out of room: its tiles need 81920 bytes live at once but 245760 in all, and it has 196608 on target 'no-ptoas-plan'; planner=dsa-rp or pypto give addresses that fit}}
func.func @may_not_fit(%in: !tile.tensor<80x256xf32>, %out: !tile.tensor<80x256xf32>) {
  %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<80x256xf32>) -> !tile.tile<80x256xf32, vec>
  %r = tile.store %a, %out {offsets = [0, 0]} : (!tile.tile<80x256xf32, vec>, !tile.tensor<80x256xf32>) -> !tile.tensor<80x256xf32>
  %b = tile.load %in {offsets = [0, 0]} : (!tile.tensor<80x256xf32>) -> !tile.tile<80x256xf32, vec>
  %s = tile.store %b, %out {offsets = [0, 0]} : (!tile.tile<80x256xf32, vec>, !tile.tensor<80x256xf32>) -> !tile.tensor<80x256xf32>
  %c = tile.load %in {offsets = [0, 0]} : (!tile.tensor<80x256xf32>) -> !tile.tile<80x256xf32, vec>
  %u = tile.store %c, %out {offsets = [0, 0]} : (!tile.tile<80x256xf32, vec>, !tile.tensor<80x256xf32>) -> !tile.tensor<80x256xf32>
  return
}
