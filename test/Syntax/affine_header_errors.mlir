// RUN: pto-opt %s -split-input-file -verify-diagnostics -o /dev/null

// The head of an affine map or integer set, `(dims)[symbols]` then
// `-> (` or `: (`, is read and its errors reported as mlir-opt reports
// them (this file passes under
// `mlir-opt -split-input-file -verify-diagnostics` too).

// An integer set's constraints are in parentheses, although here the
// brackets do not balance.
// expected-error @+1 {{expected '(' in integer set constraint list}}
#set = affine_set<(d0)[s0] : )d0 >= 0)>

// -----

// Without symbols.
// expected-error @+1 {{expected '(' in integer set constraint list}}
#set = affine_set<(d0) : d0 >= 0>

// -----

// After the identifiers, a map's arrow or a set's colon.
// expected-error @+1 {{expected '->' or ':'}}
#map = affine_map<(d0)[s0] (d0)>

// -----

// A map's results are in parentheses.
// expected-error @+1 {{expected '(' in affine map range}}
#map = affine_map<(d0) -> d0>

// -----

// A good head is left alone.
#map = affine_map<(d0, d1)[s0] -> (d0 + s0, d1)>
#set = affine_set<(d0)[s0] : (d0 >= 0, s0 - d0 >= 0)>
func.func private @uses(memref<4x4xf32, #map>)
