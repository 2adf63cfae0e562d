package parser_test

import (
	"bytes"
	"syscall"
	"testing"

	"pto-opt/dialect"
	"pto-opt/internal/gen"
	"pto-opt/parser"
	"pto-opt/printer"
)

// BenchmarkParsePrint5MB parses, verifies and prints (pretty form, into a
// buffer, as the driver does) a generated ~5 MB memref program, the same
// work as `pto-opt file.mlir`. It reports MB/s of input and the process's
// peak resident set (maxRSS-MB, which includes the benchmark harness and
// the generated text). Compare with mlir-opt on the same file:
//
//	go run ./internal/gen/mlirgen -bytes 5242880 > /tmp/big.mlir
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
		if err := dialect.Verify(m); err != nil {
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
