package driver

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzParseArgs: any command line is read into a configuration or
// refused with a message and status 1 (0 for --help and the like),
// never a panic; a configuration never comes from a line that gives an
// option twice whose second value would replace the first.
func FuzzParseArgs(f *testing.F) {
	for _, s := range []string{
		"k.mlir", "k.mlir\x00-o\x00out.mlir", "--target=generic\x00--target=ascend950", "---mlir-print-debuginfo",
		"--mlir-print-debuginfo=t", "--mlir-print-debuginfo=TRUE", "-init-memref\x00-allocate-addr=planner=dsa-rp planner=ffd",
		"-allocate-addr=penalties penalties=0", "-allocate-addr=Planner=ffd", "--pass-pipeline=builtin.module(func.func(allocate-addr{work=1_0}))",
		"--split-input-file=\x00--output-split-marker=x", "--memory-report=a.txt\x00--memory-report=a.txt", "--summary=F", "--\x00-x", "-",
		"--verify-diagnostics=only-expected", "--show-ops=nosuch", "-o", "--target",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		args := strings.Split(line, "\x00")
		var out, errs bytes.Buffer
		cfg, status := parseArgs(args, &out, &errs)
		if cfg == nil {
			if status == 1 && !strings.HasPrefix(errs.String(), "pto-opt: ") {
				t.Fatalf("%q refused without a message: %q", args, errs.String())
			}
			return
		}
		once := map[string]int{}
		for i := 0; i < len(args); i++ {
			a := args[i]
			if a == "--" {
				break
			}
			if !strings.HasPrefix(a, "-") {
				continue
			}
			name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
			switch name {
			case "o", "target", "memory-report", "pass-pipeline", "output-split-marker":
				if name != "output-split-marker" {
					once[name]++
				}
				if !hasValue {
					i++ // the value is the next argument, whatever it looks like
				}
			}
		}
		for name, n := range once {
			if n > 1 {
				t.Fatalf("%q accepted with -%s given %d times", args, name, n)
			}
		}
	})
}
