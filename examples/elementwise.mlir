// An elementwise chain on the vector unit (UB): out = relu(exp((x + y) * z) * s) - x.
// Three 64x64xf32 inputs (32 KiB each) feed six vector ops; most
// intermediates die at their consumer, so a planner that reuses dead
// ranges needs far fewer UB bytes than one buffer per tile.
//
//   go run ./cmd/pto-opt -pto-memory-plan="planner=dsa-rp" --target=ascend910b examples/elementwise.mlir
//   go run ./cmd/pto-opt -pto-memory-plan="planner=pypto" --target=ascend910b examples/elementwise.mlir
//   go run ./cmd/pto-opt -pto-memory-plan="planner=dsa-rp" -convert-tile-to-pto --target=ascend910b examples/elementwise.mlir
func.func @elementwise(%x_gm: !tile.tensor<64x64xf32>, %y_gm: !tile.tensor<64x64xf32>, %z_gm: !tile.tensor<64x64xf32>, %s: f32, %out_gm: !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32> {
  %x = tile.load %x_gm {offsets = [0, 0]} : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  %y = tile.load %y_gm {offsets = [0, 0]} : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  %sum = tile.add %x, %y : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  %z = tile.load %z_gm {offsets = [0, 0]} : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  %prod = tile.mul %sum, %z : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  %e = tile.exp %prod : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  %scaled = tile.muls %e, %s : (!tile.tile<64x64xf32, vec>, f32) -> !tile.tile<64x64xf32, vec>
  %r = tile.relu %scaled : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  %d = tile.sub %r, %x : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  %res = tile.store %d, %out_gm {offsets = [0, 0]} : (!tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32>
  return %res : !tile.tensor<64x64xf32>
}
