// RUN: pto-opt %s -materialize-scratch | FileCheck %s
// RUN: pto-opt %s --target=ascend910b -pto-memory-plan=planner=pypto -convert-tile-to-pto | FileCheck %s --check-prefix=PTO

// A scratch tile has its data input's valid region as well as its shape:
// ptoas's txor needs its tmp tile to have the result's valid region.
// CHECK: %[[S:.*]] = tile.create : () -> !tile.tile<16x16xi16, vec, valid = 8x16>
// CHECK: tile.xor %{{.*}}, %{{.*}}, %[[S]] :
// PTO: pto.txor ins({{.*}}, {{.*}}, %{{.*}} : !pto.tile_buf<vec, 16x16xi16, valid=8x16>, !pto.tile_buf<vec, 16x16xi16, valid=8x16>, !pto.tile_buf<vec, 16x16xi16, valid=8x16>)
func.func @xor_partly_valid(%x: !tile.tensor<16x16xi16>, %out: !tile.tensor<8x16xi16>) {
  %a = tile.load %x {offsets = [0, 0]} : (!tile.tensor<16x16xi16>) -> !tile.tile<16x16xi16, vec, valid = 8x16>
  %b = tile.load %x {offsets = [0, 0]} : (!tile.tensor<16x16xi16>) -> !tile.tile<16x16xi16, vec, valid = 8x16>
  %c = tile.xor %a, %b : (!tile.tile<16x16xi16, vec, valid = 8x16>, !tile.tile<16x16xi16, vec, valid = 8x16>) -> !tile.tile<16x16xi16, vec, valid = 8x16>
  return
}
