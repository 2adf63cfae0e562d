// RUN: pto-opt %s -pto-memory-plan=planner=dsa-rp --target=ascend910b -check-tile-placement -convert-tile-to-pto | FileCheck %s --check-prefix=DSA
// RUN: pto-opt %s -pto-memory-plan=planner=ptoas --target=ascend910b -convert-tile-to-pto | FileCheck %s --check-prefix=PTOAS

// The full flow to ptoas input. With addresses (dsa-rp), two tiles that
// DSA-RP placed at one address get two pto.alloc_tile ops on the same
// address constant; without (ptoas), no addresses and one buffer per
// allocation. The K-loop's accumulator is one buffer either way.
// DSA-LABEL:   func.func @kloop(
// DSA-DAG:     %[[C0:.*]] = arith.constant 0 : i64
// DSA-DAG:     %[[ACC:.*]] = pto.alloc_tile addr = %[[C0]] : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
// DSA:         pto.tmatmul ins({{.*}}) outs(%[[ACC]] :
// DSA:         scf.for
// DSA:           pto.tmatmul.acc ins(%[[ACC]], {{.*}}) outs(%[[ACC]] :
// DSA:         pto.tmov ins(%[[ACC]] :
// PTOAS-LABEL: func.func @kloop(
// PTOAS-NOT:   arith.constant {{.*}} : i64
// PTOAS:       %[[ACC:.*]] = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
// PTOAS:       scf.for
// PTOAS:         pto.tmatmul.acc ins(%[[ACC]], {{.*}}) outs(%[[ACC]] :
func.func @kloop(%a: !tile.tensor<16x64xf16>, %b: !tile.tensor<64x16xf16>, %out: !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32> {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %l0m = tile.load %a {offsets = [0, 0]} : (!tile.tensor<16x64xf16>) -> !tile.tile<16x16xf16, mat>
  %l0 = tile.move %l0m : (!tile.tile<16x16xf16, mat>) -> !tile.tile<16x16xf16, left>
  %r0m = tile.load %b {offsets = [0, 0]} : (!tile.tensor<64x16xf16>) -> !tile.tile<16x16xf16, mat>
  %r0 = tile.move %r0m : (!tile.tile<16x16xf16, mat>) -> !tile.tile<16x16xf16, right>
  %init = tile.matmul %l0, %r0 : (!tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>) -> !tile.tile<16x16xf32, acc>
  %acc = scf.for %k = %c1 to %c4 step %c1 iter_args(%c = %init) -> (!tile.tile<16x16xf32, acc>) {
    %lkm = tile.load %a, %k {offsets = [0, 16]} : (!tile.tensor<16x64xf16>, index) -> !tile.tile<16x16xf16, mat>
    %lk = tile.move %lkm : (!tile.tile<16x16xf16, mat>) -> !tile.tile<16x16xf16, left>
    %rkm = tile.load %b, %k {offsets = [16, 0]} : (!tile.tensor<64x16xf16>, index) -> !tile.tile<16x16xf16, mat>
    %rk = tile.move %rkm : (!tile.tile<16x16xf16, mat>) -> !tile.tile<16x16xf16, right>
    %n = tile.matmul_acc %c, %lk, %rk : (!tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>) -> !tile.tile<16x16xf32, acc>
    scf.yield %n : !tile.tile<16x16xf32, acc>
  }
  %v = tile.move %acc : (!tile.tile<16x16xf32, acc>) -> !tile.tile<16x16xf32, vec>
  %r = tile.store %v, %out {offsets = [0, 0]} : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  return %r : !tile.tensor<16x16xf32>
}
