// RUN: pto-opt %s -split-input-file -verify-diagnostics -pto-memory-plan=planner=pypto --target=ascend910b
// RUN: pto-opt %s -split-input-file -verify-diagnostics -pto-memory-plan=planner=dsa-rp --target=ascend910b
// RUN: pto-opt %s -split-input-file -verify-diagnostics -materialize-scratch -init-memref -materialize-semantic-aliases -memory-reuse -allocate-addr=planner=best-fit --target=ascend910b

// A tile larger than all of its memory space fits under no planner, so
// the error is at the tile, not at the function: the space's capacity on
// the target, and how to fix it (fewer rows, and a loop over the row
// blocks), under every planner that gives addresses.
func.func @whole_matrix(%in: !tile.tensor<256x256xf32>, %out: !tile.tensor<256x256xf32>) -> !tile.tensor<256x256xf32> {
  // expected-error @+1 {{allocate-addr: tile %a needs 262144 bytes of memory space 'vec', more than all 188416 bytes the space has on target 'ascend910b': no placement can fit it; use a tile of fewer rows (at most 184 of its 256 fit alone, and others must fit beside it) and an scf.for over the row blocks, as examples/softmax.mlir does}}
  %a = tile.load %in : (!tile.tensor<256x256xf32>) -> !tile.tile<256x256xf32, vec>
  %b = tile.exp %a : (!tile.tile<256x256xf32, vec>) -> !tile.tile<256x256xf32, vec>
  %r = tile.store %b, %out : (!tile.tile<256x256xf32, vec>, !tile.tensor<256x256xf32>) -> !tile.tensor<256x256xf32>
  return %r : !tile.tensor<256x256xf32>
}

// -----

// The tile too large is the one named, even when it is not the first
// tile of the space: %x fits, %wide does not.
func.func @second_tile(%in: !tile.tensor<32x256xf32>, %w: !tile.tensor<256x256xf32>, %out: !tile.tensor<32x256xf32>) -> !tile.tensor<32x256xf32> {
  %x = tile.load %in : (!tile.tensor<32x256xf32>) -> !tile.tile<32x256xf32, vec>
  // expected-error @+1 {{allocate-addr: tile %wide needs 262144 bytes of memory space 'vec', more than all 188416 bytes the space has on target 'ascend910b'}}
  %wide = tile.load %w : (!tile.tensor<256x256xf32>) -> !tile.tile<256x256xf32, vec>
  %r = tile.store %x, %out : (!tile.tile<32x256xf32, vec>, !tile.tensor<32x256xf32>) -> !tile.tensor<32x256xf32>
  return %r : !tile.tensor<32x256xf32>
}
