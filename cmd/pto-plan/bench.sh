#!/bin/sh
# Runs pto-plan's planners over the shared benchmark sets and prints the
# comparison tables. Data: $PTO_BENCH_DIR, else ../shared/bench next to the
# repository root; the run skips when neither exists.
# Usage: cmd/pto-plan/bench.sh [go test flags], e.g. -run 'TestBenchSets/large'.
# -run 'TestBenchSets/table' prints the side-by-side table: per instance
# (MiniMalloc set, large traces, guillotine-cut perfect packings), peak /
# lower bound and time of best-fit, ffd and dsa-rp minimising the peak,
# and dsa-rp's best proven bound with the gap left.
cd "$(dirname "$0")/../.." || exit 1
PTO_BENCH=1 exec go test ./cmd/pto-plan -run 'TestBenchSets' -v -count=1 -timeout 60m "$@"
