// RUN: pto-opt %s -pto-memory-plan --target=ascend950 -convert-tile-to-pto | FileCheck %s --check-prefix=PAD

// tile.fillpad writes its pad value through its destination's type
// (ptoas's pad: 1 zero, the default, 2 max, 3 min), and ptoas takes the
// kernel's target arch from the module (pto.target_arch) when no
// --pto-arch is given.
// PAD-LABEL: module attributes {pto.target_arch = "a5"}
// PAD:       func.func @pads(
// PAD-DAG:   pto.tfillpad ins(%{{.*}} : !pto.tile_buf<vec, 16x16xf32, valid=12x16>) outs(%{{.*}} : !pto.tile_buf<vec, 16x16xf32, pad=1>)
// PAD-DAG:   pto.tfillpad ins(%{{.*}} : !pto.tile_buf<vec, 16x16xf32, valid=12x16>) outs(%{{.*}} : !pto.tile_buf<vec, 16x16xf32, pad=2>)
func.func @pads(%in: !tile.tensor<16x16xf32>, %out: !tile.tensor<16x16xf32>) {
  %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec, valid = 12x16>
  %z = tile.fillpad %a : (!tile.tile<16x16xf32, vec, valid = 12x16>) -> !tile.tile<16x16xf32, vec>
  %m = tile.fillpad %a {pad = "max"} : (!tile.tile<16x16xf32, vec, valid = 12x16>) -> !tile.tile<16x16xf32, vec>
  %s = tile.add %z, %m : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  %r = tile.store %s, %out {offsets = [0, 0]} : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  return
}
