// Kernels no plan can keep correct are refused at the op, never planned.
// RUN: pto-opt %s -split-input-file -verify-diagnostics --target=ascend910b -pto-memory-plan=planner=pypto
// RUN: pto-opt %s -split-input-file -verify-diagnostics --target=ascend910b -pto-memory-plan=planner=dsa-rp
// RUN: pto-opt %s -split-input-file -verify-diagnostics --target=ascend950 -pto-memory-plan=planner=ptoas

// tile.matmul_acc accumulates in place into %c0, which is moved to vec
// afterwards: that read would see c0 + l*r. Keeping c0 needs a copy within
// acc, which the hardware does not have, so the kernel is refused, naming
// both ops.
func.func @read_after_accumulate(%a: !tile.tensor<16x16xf16>, %b: !tile.tensor<16x16xf16>, %o0: !tile.tensor<16x16xf32>, %o1: !tile.tensor<16x16xf32>) {
  %am = tile.load %a {offsets = [0, 0]} : (!tile.tensor<16x16xf16>) -> !tile.tile<16x16xf16, mat>
  %bm = tile.load %b {offsets = [0, 0]} : (!tile.tensor<16x16xf16>) -> !tile.tile<16x16xf16, mat>
  %l = tile.move %am : (!tile.tile<16x16xf16, mat>) -> !tile.tile<16x16xf16, left>
  %r = tile.move %bm : (!tile.tile<16x16xf16, mat>) -> !tile.tile<16x16xf16, right>
  %c0 = tile.matmul %l, %r : (!tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>) -> !tile.tile<16x16xf32, acc>
  // expected-error @+1 {{'tile.matmul_acc' accumulates in place into %c0, which 'tile.move' at}}
  %c1 = tile.matmul_acc %c0, %l, %r : (!tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>) -> !tile.tile<16x16xf32, acc>
  // expected-note @+1 {{the later read}}
  %v0 = tile.move %c0 : (!tile.tile<16x16xf32, acc>) -> !tile.tile<16x16xf32, vec>
  %v1 = tile.move %c1 : (!tile.tile<16x16xf32, acc>) -> !tile.tile<16x16xf32, vec>
  %s0 = tile.store %v0, %o0 {offsets = [0, 0]} : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  %s1 = tile.store %v1, %o1 {offsets = [0, 0]} : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  return
}

// -----

// The same in a loop: the accumulator carried in from before the loop is
// read again in the next iteration after being accumulated into.
func.func @accumulate_loop_invariant(%a: !tile.tensor<16x16xf16>, %o: !tile.tensor<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %am = tile.load %a {offsets = [0, 0]} : (!tile.tensor<16x16xf16>) -> !tile.tile<16x16xf16, mat>
  %l = tile.move %am : (!tile.tile<16x16xf16, mat>) -> !tile.tile<16x16xf16, left>
  %r = tile.move %am : (!tile.tile<16x16xf16, mat>) -> !tile.tile<16x16xf16, right>
  %acc = tile.matmul %l, %r : (!tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>) -> !tile.tile<16x16xf32, acc>
  scf.for %i = %c0 to %c4 step %c1 {
    // expected-error @+1 {{'tile.matmul_acc' accumulates in place into %acc}}
    %n = tile.matmul_acc %acc, %l, %r : (!tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>) -> !tile.tile<16x16xf32, acc>
    %v = tile.move %n : (!tile.tile<16x16xf32, acc>) -> !tile.tile<16x16xf32, vec>
    %s = tile.store %v, %o {offsets = [0, 0]} : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  }
  return
}
