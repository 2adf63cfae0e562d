// A preset address past the capacity of the target's memory space is the
// input's fault: reported at the allocation, whichever pass comes first.
// RUN: pto-opt %s -split-input-file -verify-diagnostics --target=ascend910b -init-memref -memory-reuse -allocate-addr
// RUN: pto-opt %s -split-input-file -verify-diagnostics --target=ascend910b -pto-memory-plan=planner=dsa-rp

func.func @preset_addr_past_capacity(%in: !tile.tensor<4x4xf32>) {
  // expected-error @+1 {{init-memref: the input's %b at [4611686018427387904, 4611686018427387968) exceeds the 188416-byte capacity of memory space 'vec'}}
  %b = tile.alloc vec, 64 {addr = 4611686018427387904, pinned} : !tile.buf<vec>
  %a = tile.load %in into %b : (!tile.tensor<4x4xf32>) -> !tile.tile<4x4xf32, vec>
  %c = tile.add %a, %a : (!tile.tile<4x4xf32, vec>, !tile.tile<4x4xf32, vec>) -> !tile.tile<4x4xf32, vec>
  return
}

// -----

// Without init-memref first, memory-reuse is the pass that sees it.
func.func @preset_addr_past_capacity_reuse(%in: !tile.tensor<4x4xf32>) {
  // expected-error @+1 {{the input's %b at [196608, 196672) exceeds the 188416-byte capacity of memory space 'vec'}}
  %b = tile.alloc vec, 64 {addr = 196608} : !tile.buf<vec>
  %a = tile.load %in into %b : (!tile.tensor<4x4xf32>) -> !tile.tile<4x4xf32, vec>
  %c = tile.add %a, %a into %b : (!tile.tile<4x4xf32, vec>, !tile.tile<4x4xf32, vec>) -> !tile.tile<4x4xf32, vec>
  return
}
