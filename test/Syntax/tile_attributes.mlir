// RUN: pto-opt %s -split-input-file -verify-diagnostics
// RUN: pto-opt %s -split-input-file -verify-diagnostics --mlir-print-op-generic

// The tile dialect's attributes are held to what each means: a misspelt
// or malformed one would otherwise be ignored by the passes that read it
// (no target, no stage guard, no penalty weight) with exit 0.

// A misspelt name is refused, with the name it is near.
// expected-error @+1 {{'tile.targett' is not an attribute of the tile dialect (it has tile.pipeline, tile.reuse_penalty, tile.split_aiv, tile.target); did you mean 'tile.target'?}}
module attributes {tile.targett = "ascend910b"} {
}

// -----

// tile.target names a target with a string.
// expected-error @+1 {{'tile.target' must be a string naming a target}}
module attributes {tile.target = 5 : i64} {
}

// -----

// tile.target belongs to a module, not to a function.
// expected-error @+1 {{'tile.target' may only be given on a module}}
func.func @f() attributes {tile.target = "ascend910b"} {
  return
}

// -----

// tile.split_aiv is a unit attribute of a function.
// expected-error @+1 {{'tile.split_aiv' takes no value}}
func.func @g() attributes {tile.split_aiv = 1 : i64} {
  return
}

// -----

// tile.pipeline is [group, stage]: a stage guard written another way is
// an error, not a guard turned off.
func.func @h(%t: !tile.tile<16x16xf32, vec>) {
  // expected-error @+1 {{'tile.pipeline' must be [group, stage], two integers}}
  %e = tile.exp %t {tile.pipeline = [1]} : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  return
}

// -----

func.func @k(%t: !tile.tile<16x16xf32, vec>) {
  // expected-error @+1 {{'tile.pipeline' must be [group, stage], two non-negative integers}}
  %e = tile.exp %t {tile.pipeline = [0, -1]} : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  return
}

// -----

// tile.reuse_penalty weighs an allocation's penalties: on a tile.alloc,
// never negative.
func.func @p() {
  // expected-error @+1 {{'tile.reuse_penalty' must be a non-negative integer}}
  %b = tile.alloc vec, 1024 {tile.reuse_penalty = -2 : i64} : !tile.buf<vec>
  return
}

// -----

// The attributes as they are meant verify.
module attributes {tile.target = "ascend910b"} {
  func.func @ok(%t: !tile.tile<16x16xf32, vec>) attributes {tile.split_aiv} {
    %b = tile.alloc vec, 1024 {tile.reuse_penalty = 3 : i64} : !tile.buf<vec>
    %e = tile.exp %t {tile.pipeline = [0, 1]} : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    return
  }
}
