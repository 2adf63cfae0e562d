// Package planner assigns byte offsets to buffers with known lifetimes.
//
// It is the placement core of pto-opt and deliberately knows nothing about
// the IR: a Problem is a list of sized, aligned buffers with half-open live
// intervals inside fixed pools, plus pairwise constraints (separations,
// colocations, temporal exclusions) and soft reuse penalties. Passes lower
// their IR into a Problem, call Solve, and read the offsets back.
//
// The algorithms, selectable by name through Solve:
//
//   - "trivial": upstream MLIR's trivial planner, sequential aligned packing.
//   - "best-fit": upstream MLIR's best-fit planner, reproduced exactly.
//   - "ffd": PyPTO MemoryReuse's first-fit-decreasing identity sharing
//     (FFDShare), with the resulting slots placed by offset.
//   - "sequential": PyPTO's AllocateMemoryAddr bump allocator.
//   - "dsa-rp": a portfolio of constructive heuristics followed by an exact
//     branch-and-bound over canonical placements (MiniMalloc's ideas,
//     extended with reuse penalties), reporting proven optimality.
//
// Validate is an independent checker that every algorithm's output can be
// run through; it shares no placement code with the algorithms, so a bug in
// an algorithm cannot hide itself.
package planner
