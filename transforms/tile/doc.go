// Package tile holds the passes that plan the memory of tile kernels, in
// PyPTO's order: init-memref (an allocation per tile),
// materialize-semantic-aliases (loop carries and if results in one
// allocation), memory-reuse (allocations shared), allocate-addr
// (addresses), the check-tile-placement validator, and pto-memory-plan, the
// named pipeline of them all. They share the helpers of tile_util.go
// (which allocation holds a tile) and the rules of rules.go (which
// allocations may never share bytes).
package tile
