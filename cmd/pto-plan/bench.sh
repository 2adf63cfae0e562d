#!/bin/sh
# Runs pto-plan's planners over the shared benchmark sets and prints the
# comparison tables. Data: $PTO_BENCH_DIR, else ../shared/bench next to the
# repository root; the script says so and exits 2 when the data is not
# there.
# Usage: cmd/pto-plan/bench.sh [go test flags], e.g. -run 'TestBenchSets/large'.
# -run 'TestBenchSets/table' prints the side-by-side table: per instance
# (MiniMalloc set, large traces, guillotine-cut perfect packings), peak /
# lower bound and time of best-fit, ffd and dsa-rp minimising the peak,
# and dsa-rp's best proven bound with the gap left.
cd "$(dirname "$0")/../.." || exit 1
data=${PTO_BENCH_DIR:-../shared/bench}
missing=
for set in minimalloc exact-small large dsa-rp; do
	[ -d "$data/$set" ] || missing="$missing $set"
done
if [ -n "$missing" ]; then
	# Say where the data was looked for before anything runs: the test
	# itself would only skip.
	echo "bench.sh: no benchmark data in $data (missing:$missing)." >&2
	echo "bench.sh: set PTO_BENCH_DIR to a directory holding minimalloc/, exact-small/, large/ and dsa-rp/ (the workplace's ../shared/bench beside the checkout)." >&2
	exit 2
fi
PTO_BENCH=1 exec go test ./cmd/pto-plan -run 'TestBenchSets' -v -count=1 -timeout 60m "$@"
