// Command mlirgen writes the synthetic MLIR programs the benchmarks use, so
// that pto-opt and mlir-opt can be timed on the same file:
//
//	go run ./internal/gen/mlirgen -bytes 5242880 > /tmp/big.mlir
//	go run ./internal/gen/mlirgen -ops 50000 > /tmp/func.mlir
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
	flag.Parse()
	switch {
	case *bytes > 0 && *ops == 0:
		fmt.Print(gen.MemrefProgram(*bytes))
	case *ops > 0 && *bytes == 0:
		fmt.Print(gen.MemrefFunction(*ops))
	default:
		fmt.Fprintln(os.Stderr, "mlirgen: give one of -bytes N or -ops N")
		os.Exit(2)
	}
}
