// Package benchscale is the harness of the scaling benchmarks: a pass or
// planner run at growing sizes, measured in CPU time (the machines these
// run on are shared, so wall time says little), with the growth exponent
// between consecutive sizes logged.
package benchscale

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// CPUTime is the CPU time of the process so far (user and system).
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// Sizes runs bench at each n as a sub-benchmark and logs the growth
// exponent between consecutive sizes. PTO_SCALE_SIZES="3000,30000"
// replaces the sizes (to profile one).
func Sizes(b *testing.B, sizes []int, bench func(b *testing.B, n int)) {
	b.Helper()
	if env := os.Getenv("PTO_SCALE_SIZES"); env != "" {
		sizes = nil
		for _, f := range strings.Split(env, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n <= 0 {
				b.Fatalf("PTO_SCALE_SIZES: %q is not a size", f)
			}
			sizes = append(sizes, n)
		}
	}
	var prevN int
	var prevT time.Duration
	for _, n := range sizes {
		var per time.Duration
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			c0 := CPUTime()
			bench(b, n)
			per = (CPUTime() - c0) / time.Duration(b.N)
		})
		if prevN > 0 && prevT > 0 && per > 0 {
			b.Logf("N %d -> %d: %.3fs -> %.3fs, growth N^%.2f", prevN, n, prevT.Seconds(), per.Seconds(),
				math.Log(per.Seconds()/prevT.Seconds())/math.Log(float64(n)/float64(prevN)))
		}
		prevN, prevT = n, per
	}
}
