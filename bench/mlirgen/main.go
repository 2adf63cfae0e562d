// Command mlirgen writes the synthetic MLIR programs the benchmarks use, so
// that pto-opt and mlir-opt can be timed on the same file:
//
//	go run ./bench/mlirgen -bytes 5242880 > /tmp/big.mlir
//	go run ./bench/mlirgen -ops 50000 > /tmp/func.mlir
//	go run ./bench/mlirgen -allocs 50000 > /tmp/allocs.mlir
//	go run ./bench/mlirgen -tiles 10000 > /tmp/tiles.mlir
//	go run ./bench/mlirgen -tiles 10000 -straight > /tmp/chain.mlir
//	go run ./bench/mlirgen -shape dense -bytes 1048576 [-generic] > /tmp/dense.mlir
//	go run ./bench/mlirgen -list
//
// -shape names one of the parse+print benchmark shapes (gen.Shapes);
// -generic prints it in the generic op form (through pto-opt's parser and
// printer, as `mlir-opt --mlir-print-op-generic` would).
package main

import (
	"flag"
	"fmt"
	"os"

	_ "github.com/pto-opt/pto-opt/dialect/all" // -generic reads the program back
	"github.com/pto-opt/pto-opt/internal/gen"
	"github.com/pto-opt/pto-opt/parser"
	"github.com/pto-opt/pto-opt/printer"
)

func main() {
	bytes := flag.Int("bytes", 0, "about this many bytes: of -shape, else a module of many functions (gen.MemrefProgram)")
	ops := flag.Int("ops", 0, "one function of about this many ops (gen.MemrefFunction)")
	allocs := flag.Int("allocs", 0, "one function of this many memref allocations (gen.MemrefAllocs)")
	tiles := flag.Int("tiles", 0, "one unplanned tile kernel of about this many tiles (gen.TileKernel)")
	straight := flag.Bool("straight", false, "with -tiles: no loops or ifs (gen.TileChain)")
	shape := flag.String("shape", "", "a benchmark shape (see -list)")
	generic := flag.Bool("generic", false, "print -shape's file in the generic op form")
	list := flag.Bool("list", false, "list the benchmark shapes")
	flag.Parse()
	given := 0
	for _, n := range []int{*bytes, *ops, *allocs, *tiles} {
		if n > 0 {
			given++
		}
	}
	switch {
	case *list:
		for _, s := range gen.Shapes {
			fmt.Printf("%-12s %s\n", s.Name, s.Doc)
		}
	case given != 1 || *shape != "" && *bytes == 0 || *generic && *shape == "":
		fmt.Fprintln(os.Stderr, "mlirgen: give one of -bytes N [-shape S [-generic]], -ops N, -allocs N, -tiles N [-straight], or -list")
		os.Exit(2)
	case *shape != "":
		s, ok := gen.ShapeNamed(*shape)
		if !ok {
			fmt.Fprintf(os.Stderr, "mlirgen: no shape %q (have %v)\n", *shape, gen.ShapeNames())
			os.Exit(2)
		}
		text := s.Gen(*bytes)
		if *generic {
			m, err := parser.New(parser.Options{}).Parse(s.Name+".mlir", []byte(text))
			if err != nil {
				fmt.Fprintln(os.Stderr, "mlirgen:", err)
				os.Exit(1)
			}
			text = printer.String(m, printer.Options{Generic: true}) + "\n"
		}
		fmt.Print(text)
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
