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
//   - "best-fit": upstream MLIR's best-fit planner, reproduced exactly, in
//     O(n log n) for plain traces (gaps kept in an ordered set).
//   - "ffd": PyPTO MemoryReuse's first-fit-decreasing identity sharing
//     (FFDShare exposes the groups), each group then placed as one slot by
//     the best-fit rule.
//   - "sequential": PyPTO's AllocateMemoryAddr bump allocator.
//   - "dsa-rp": the strongest, below.
//   - "dsa-rp-within-best-fit": dsa-rp with no pool's peak above best
//     fit's (within_best_fit.go), allocate-addr's planner=dsa-rp.
//   - "ptoas": ptoas's own planner (package ptoas) on a problem in its
//     terms (ptoasmodel.go): what ptoas would do, not a planner to use.
//     Planners lists the others, which accept any problem Check accepts.
//
// # dsa-rp
//
// Pools never interact, and inside a pool the buffers split into
// components connected by lifetime overlaps, separations and penalties;
// each component is solved on its own. A component first gets a portfolio
// of constructive heuristics (PyPTO's canonical greedy and best fit over
// size, birth, conflict-mass, penalty-weight, area, section-pressure and
// seeded orders). Then an exact branch-and-bound works on whatever the
// lexicographic objective still needs: a fit under the capacity, the
// lowest reuse cost, the lowest peak. Reuse cost also gets a
// ruin-and-recreate local search before the exact search (so it prunes
// against a cheaper placement) and after it, when it could not finish. The search enumerates canonical
// placements (every buffer resting on a neighbour or at 0, placed in
// offset order), MiniMalloc's idea extended with penalties, and prunes by
// dominance, cross-section inference, hatless pruning, a pigeonhole bound
// on reuse cost, and dynamic decomposition in time (see dsa_search.go for
// why each is sound). For components whose only conflicts are lifetime
// overlaps, a skyline search that covers the lowest free byte first
// (dsa_skyline.go) joins the fit searches; it is complete where no slack
// is left, so on perfect packings it finds, or disproves, what the
// offset-ordered search cannot. Where no slack is left at all, a cut
// search (dsa_guillotine.go) goes first: it rebuilds packings explained by
// guillotine cuts top-down, cutting across time where no buffer crosses
// and across bytes at a subset of buffers with a flat live total; it only
// finds, never proves. The lowest peak is searched by probing
// the lower bound first, with half the work, then bisecting on multiples
// of the granule (every canonical peak is a multiple of the sizes' and
// obstacles' common divisor); on components above 64 buffers what the
// bisection leaves goes to short exact dives under randomised preorders
// one granule below the best. The best bound proven on the way is
// Result.PeakBound. Besides the live
// sets at one time, a component of up to 64 buffers is bounded by its
// heaviest set of pairwise conflicting buffers (dsa_clique.go), which
// buffers live at several times can form without ever being live
// together; a capacity below either bound is refused as proven
// infeasible before any search. Pools too large for the component model (model
// traces, millions of pairs live together), when plain, get a hybrid
// first: the long-lived and the big buffers placed by a greedy over
// lifetime and size orders, the rest by one sweep over time into the
// tightest free block (lgsweep.go). Only when that misses 1% of the load
// bound (or the capacity) do best fit, ffd and the greedy over every
// buffer run, each buffer in the tightest or lowest gap among the placed
// buffers it is live with (large.go). Optimality is reported only when a phase completes
// or a bound is met; a search that runs out of work never reports
// infeasibility. The search is bounded by work (Options.Work), never by
// the clock, so a problem and its options always give the same placement;
// Options.TimeLimit is only a safety stop, reported when it fires
// (dsa_work.go). When a bounded pool has no fit with its pipeline-stage
// separations, those pairs become unit penalties and the pool is solved
// again (PyPTO's strict-then-soft fallback, hint PH-DSA-001).
//
// Validate is an independent checker that every algorithm's output can be
// run through; it shares no placement code with the algorithms, so a bug in
// an algorithm cannot hide itself.
//
// Sizes, addresses, program points and costs come from user input, so
// Solve (through Problem.Check) refuses problems whose arithmetic could
// leave int64: every number, and every pool's worst-case extent, must stay
// within Limit, 2^62-1, which keeps the sum of any two such quantities
// inside int64. Validate does not rely on that: it computes ends with
// checked arithmetic and rejects a range that would wrap.
//
// The package reads MiniMalloc CSV files (ReadCSV, WriteCSV) and DSA-RP
// schema-v1 JSON documents (ReadJSON, WriteSolutionJSON); cmd/pto-plan is
// the command-line front end.
package planner
