// Command mlirgen writes the synthetic MLIR programs the benchmarks use, so
// that pto-opt and mlir-opt can be timed on the same file:
//
//	go run ./internal/gen/mlirgen -bytes 5242880 > /tmp/big.mlir
//	go run ./internal/gen/mlirgen -ops 50000 > /tmp/func.mlir
//	go run ./internal/gen/mlirgen -allocs 50000 > /tmp/allocs.mlir
//	go run ./internal/gen/mlirgen -tiles 10000 > /tmp/tiles.mlir
//	go run ./internal/gen/mlirgen -tiles 10000 -straight > /tmp/chain.mlir
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/pto-opt/pto-opt/internal/gen"
)

func main() {
	bytes := flag.Int("bytes", 0, "a module of many functions, about this many bytes (gen.MemrefProgram)")
	ops := flag.Int("ops", 0, "one function of about this many ops (gen.MemrefFunction)")
	allocs := flag.Int("allocs", 0, "one function of this many memref allocations (gen.MemrefAllocs)")
	tiles := flag.Int("tiles", 0, "one unplanned tile kernel of about this many tiles (gen.TileKernel)")
	straight := flag.Bool("straight", false, "with -tiles: no loops or ifs (gen.TileChain)")
	flag.Parse()
	given := 0
	for _, n := range []int{*bytes, *ops, *allocs, *tiles} {
		if n > 0 {
			given++
		}
	}
	switch {
	case given != 1:
		fmt.Fprintln(os.Stderr, "mlirgen: give one of -bytes N, -ops N, -allocs N or -tiles N")
		os.Exit(2)
	case *bytes > 0:
		fmt.Print(gen.MemrefProgram(*bytes))
	case *ops > 0:
		fmt.Print(gen.MemrefFunction(*ops))
	case *allocs > 0:
		fmt.Print(gen.MemrefAllocs(*allocs))
	case *straight:
		fmt.Print(gen.TileChain(*tiles))
	default:
		fmt.Print(gen.TileKernel(*tiles))
	}
}
