package parser_test

import (
	"bytes"
	"strings"
	"syscall"
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/internal/gen"
	"github.com/pto-opt/pto-opt/parser"
	"github.com/pto-opt/pto-opt/printer"
)

// BenchmarkParsePrint5MB parses, verifies and prints (pretty form, into a
// buffer, as the driver does) a generated ~5 MB memref program, the same
// work as `pto-opt file.mlir`. It reports MB/s of input and the process's
// peak resident set (maxRSS-MB, which includes the benchmark harness and
// the generated text). Compare with mlir-opt on the same file:
//
//	go run ./bench/mlirgen -bytes 5242880 > /tmp/big.mlir
//	/usr/bin/time -f "%e s %U user %S sys %M KB" pto-opt /tmp/big.mlir >/dev/null
//	/usr/bin/time -f "%e s %U user %S sys %M KB" mlir-opt /tmp/big.mlir >/dev/null
func BenchmarkParsePrint5MB(b *testing.B) {
	src := []byte(gen.MemrefProgram(5 << 20))
	var out bytes.Buffer
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m, err := parser.New(parser.Options{}).Parse("big.mlir", src)
		if err != nil {
			b.Fatal(err)
		}
		if err := ir.Verify(m); err != nil {
			b.Fatal(err)
		}
		out.Reset()
		if err := printer.Print(&out, m, printer.Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	if out.Len() < len(src)/2 {
		b.Fatalf("printed %d bytes for %d bytes of input", out.Len(), len(src))
	}
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err == nil {
		b.ReportMetric(float64(ru.Maxrss)/1024, "maxRSS-MB")
	}
}

// The hostile-input benchmarks below measure inputs that must be refused
// cheaply (issue 13). Each reports the process's peak resident set too;
// run one at a time for a meaningful figure, e.g.
//
//	go test ./parser -run '^$' -bench 'FailEarly' -benchtime 3x
//
// and compare with mlir-opt on the same text (see the files the comments
// name; /usr/bin/time -v gives its "Maximum resident set size").

// BenchmarkFailEarly8MB parses an 8 MB line `func.func @f() { %a = %a =
// ...` that is wrong from its 22nd byte (where mlir-opt reports it). The
// cost must not depend on the text after the error.
func BenchmarkFailEarly8MB(b *testing.B) {
	src := []byte("func.func @f() { " + strings.Repeat("%a = ", (8<<20)/5))
	benchFailure(b, src, "1:22: error: expected operation name in quotes")
}

// BenchmarkFailEarlyTopLevel8MB is the same text without the function
// around it: top-level ops are read as lazily as nested ones.
func BenchmarkFailEarlyTopLevel8MB(b *testing.B) {
	src := []byte(strings.Repeat("%a = ", (8<<20)/5))
	benchFailure(b, src, "1:5: error: expected operation name in quotes")
}

// BenchmarkDeepType parses a function whose argument type nests
// 10000 levels more than the nesting limit, for each of the
// builtin types that contain types. The refusal must cost time and memory
// linear in the text read.
func BenchmarkDeepType(b *testing.B) {
	const depth = 80000 // the limit is 65536
	for _, tc := range []struct{ name, open, close string }{
		{"vector", "vector<1x", ">"},
		{"memref", "memref<", ">"},
		{"tuple", "tuple<", ">"},
		{"complex", "complex<", ">"},
		{"function", "(", ") -> i1"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			src := []byte("func.func private @f(%x: " + strings.Repeat(tc.open, depth) + "f32" + strings.Repeat(tc.close, depth) + ")")
			benchFailure(b, src, "nesting too deep")
		})
	}
}

// benchFailure parses src, which must fail with an error containing want.
func benchFailure(b *testing.B, src []byte, want string) {
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	p := parser.New(parser.Options{})
	for b.Loop() {
		_, err := p.Parse("hostile.mlir", src)
		if err == nil || !strings.Contains(err.Error(), want) {
			b.Fatalf("got %v, want an error containing %q", err, want)
		}
	}
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err == nil {
		b.ReportMetric(float64(ru.Maxrss)/1024, "maxRSS-MB")
	}
}

// BenchmarkParseGeneric5MB parses the generic form of the 5 MB program of
// BenchmarkParsePrint5MB (about 8 MB of text): participle reads one op at
// a time, so memory stays proportional to the IR, not to the token count.
func BenchmarkParseGeneric5MB(b *testing.B) {
	m, err := parser.New(parser.Options{}).Parse("big.mlir", []byte(gen.MemrefProgram(5<<20)))
	if err != nil {
		b.Fatal(err)
	}
	src := []byte(printer.String(m, printer.Options{Generic: true}))
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	p := parser.New(parser.Options{})
	for b.Loop() {
		if _, err := p.Parse("big-generic.mlir", src); err != nil {
			b.Fatal(err)
		}
	}
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err == nil {
		b.ReportMetric(float64(ru.Maxrss)/1024, "maxRSS-MB")
	}
}

// BenchmarkShapes parses, verifies and prints (as `pto-opt file.mlir -o
// /dev/null` does) each benchmark shape of internal/gen at 1 MB, in the
// pretty and the generic form. bench/parse-vs-mlir-opt.sh times the same
// files against mlir-opt; a profile of one shape:
//
//	go test ./parser -run '^$' -bench 'Shapes/dense/' -cpuprofile cpu.out
func BenchmarkShapes(b *testing.B) {
	for _, sh := range gen.Shapes {
		pretty := []byte(sh.Gen(1 << 20))
		for _, form := range []string{"pretty", "generic"} {
			b.Run(sh.Name+"/"+form, func(b *testing.B) {
				src := pretty
				if form == "generic" {
					m, err := parser.New(parser.Options{}).Parse(sh.Name+".mlir", pretty)
					if err != nil {
						b.Fatal(err)
					}
					src = []byte(printer.String(m, printer.Options{Generic: true}))
				}
				b.SetBytes(int64(len(src)))
				b.ReportAllocs()
				var out bytes.Buffer
				for b.Loop() {
					m, err := parser.New(parser.Options{}).Parse(sh.Name+".mlir", src)
					if err != nil {
						b.Fatal(err)
					}
					if err := ir.Verify(m); err != nil {
						b.Fatal(err)
					}
					out.Reset()
					if err := printer.Print(&out, m, printer.Options{}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
