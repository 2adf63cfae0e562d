// With planner=ptoas the tiles get no addresses: ptoas's own planner
// places them, and it is not told the target's reserved windows or an
// alignment above its own. A kernel on such a space is refused at its
// first allocation rather than handed to a planner that ignores the
// target (it used to pass, and ptoas could put a tile in the window).
// RUN: pto-opt %s -split-input-file -verify-diagnostics --target=%S/Inputs/reserved-ub.json -pto-memory-plan=planner=ptoas
// RUN: pto-opt %s -split-input-file -verify-diagnostics --target=%S/Inputs/vec-align256.json -pto-memory-plan=planner=ptoas
// The planners that give addresses honour both.
// RUN: pto-opt %s -split-input-file --target=%S/Inputs/reserved-ub.json -pto-memory-plan=planner=dsa-rp -check-tile-placement -o /dev/null
// RUN: pto-opt %s -split-input-file --target=%S/Inputs/vec-align256.json -pto-memory-plan=planner=pypto -check-tile-placement -o /dev/null

// reserved-ub.json reserves UB [0, 4096); vec-align256.json aligns UB to
// 256 bytes, ptoas to 32.
func.func @vec_kernel(%in: !tile.tensor<16x16xf32>, %out: !tile.tensor<16x16xf32>) {
  // expected-error-re @+1 {{check-ptoas-plan: target '{{.*}}' {{reserves bytes \[0, 4096\) of memory space 'vec'|aligns memory space 'vec' to 256 bytes, but ptoas's own planner \(planner=ptoas\) aligns its tiles to 32 only}}}}
  %a = tile.load %in : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %b = tile.exp %a : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  %s = tile.store %b, %out : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  return
}
