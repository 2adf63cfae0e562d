// allocate-addr gives addresses only: loop carries and if results must
// already be on one place (materialize-semantic-aliases). Without it, the
// missing step is a located error, never a plan that breaks a rule.
// RUN: pto-opt %s -split-input-file -verify-diagnostics -init-memref -allocate-addr=planner=sequential
// RUN: pto-opt %s -split-input-file -verify-diagnostics -init-memref -allocate-addr=planner=dsa-rp
// RUN: pto-opt %s -split-input-file -verify-diagnostics -init-memref -allocate-addr=planner=best-fit

// Two carries swapped each iteration, both starting from %t: init-memref
// leaves both in %t's allocation, where each overwrites the other.
func.func @swap(%in: !tile.tensor<8x16xf32>, %out: !tile.tensor<8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %t = tile.load %in : (!tile.tensor<8x16xf32>) -> !tile.tile<8x16xf32, vec>
  // expected-error @+1 {{'allocate-addr' requires 'materialize-semantic-aliases' to have run first: results #0 and #1 of 'scf.for'}}
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %t, %b = %t) -> (!tile.tile<8x16xf32, vec>, !tile.tile<8x16xf32, vec>) {
    %m = tile.max %a, %t : (!tile.tile<8x16xf32, vec>, !tile.tile<8x16xf32, vec>) -> !tile.tile<8x16xf32, vec>
    %s = tile.store %m, %out : (!tile.tile<8x16xf32, vec>, !tile.tensor<8x16xf32>) -> !tile.tensor<8x16xf32>
    scf.yield %b, %a : !tile.tile<8x16xf32, vec>, !tile.tile<8x16xf32, vec>
  }
  %s2 = tile.store %r#1, %out : (!tile.tile<8x16xf32, vec>, !tile.tensor<8x16xf32>) -> !tile.tensor<8x16xf32>
  return
}

// -----

// The loop carry starts from %t and lives in its allocation, and the body
// still reads %t, which the carry's later values replace there (the copy
// materialize-semantic-aliases makes of an init read inside the loop is
// missing).
func.func @init_read_in_loop(%in: !tile.tensor<8x16xf32>, %out: !tile.tensor<8x16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %t = tile.load %in : (!tile.tensor<8x16xf32>) -> !tile.tile<8x16xf32, vec>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %t) -> (!tile.tile<8x16xf32, vec>) {
    // expected-error @+1 {{allocate-addr: the input's plan is wrong before any address is given: 'tile.min' reads tile %t}}
    %m = tile.min %a, %t : (!tile.tile<8x16xf32, vec>, !tile.tile<8x16xf32, vec>) -> !tile.tile<8x16xf32, vec>
    %s = tile.store %m, %out : (!tile.tile<8x16xf32, vec>, !tile.tensor<8x16xf32>) -> !tile.tensor<8x16xf32>
    %b = arith.cmpi ult, %i, %n : index
    %y = scf.if %b -> (!tile.tile<8x16xf32, vec>) {
      scf.yield %a : !tile.tile<8x16xf32, vec>
    } else {
      scf.yield %t : !tile.tile<8x16xf32, vec>
    }
    scf.yield %y : !tile.tile<8x16xf32, vec>
  }
  %s2 = tile.store %r, %out : (!tile.tile<8x16xf32, vec>, !tile.tensor<8x16xf32>) -> !tile.tensor<8x16xf32>
  return
}
