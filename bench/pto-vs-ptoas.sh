#!/usr/bin/env bash
# pto-vs-ptoas.sh measures the PTO path side by side with ptoas, on the
# same files, run alternately ROUNDS times; it prints the median CPU time
# (user + system) and peak RSS of each step and the ratios to ptoas's.
#
#   PTOAS=../shared/tools/ptoas/ptoas bench/pto-vs-ptoas.sh
#   ROUNDS=3 TILES=10000 CORPUS=../shared/reference/ptoas-corpus bench/pto-vs-ptoas.sh
#
# Two inputs:
#   corpus   every kernel of ptoas's test corpus that ptoas accepts
#            (CORPUS/verdicts.json), run one file after the other; the
#            figures are the sums over the files of one round
#   tiles-N  one generated straight-line kernel of about TILES tiles (bench/mlirgen
#            -tiles N -straight: ptoas's planner fits it), lowered to pto unplanned
#            (materialize-scratch, init-memref, materialize-semantic-aliases,
#            convert-tile-to-pto)
# and what each tool does on it:
#   pto-read   pto-opt FILE -o /dev/null: read, verify and print
#   pto-plan   pto-opt --target=T --pto-memory-plan=planner=dsa-rp FILE:
#              read, verify, plan every tile's address (DSA-RP), print
#   ptoas      ptoas --pto-arch=A --pto-level=L FILE -o out.cpp: read,
#              verify, plan (level2: its own PlanMemory; level3 kernels
#              come planned), and its whole pipeline to C++
#   ptoas-l3   (tiles only) ptoas --pto-level=level3 on pto-opt's plan:
#              ptoas's pipeline without its planner, so that ptoas minus
#              ptoas-l3 is about what ptoas's planning costs
# The ratios pto-read/ptoas and pto-plan/ptoas compare unequal work:
# ptoas also emits C++ and pto-opt also prints MLIR; both read and plan.
set -euo pipefail
cd "$(dirname "$0")/.."

PTOAS=${PTOAS:-../shared/tools/ptoas/ptoas}
CORPUS=${CORPUS:-../shared/reference/ptoas-corpus}
ROUNDS=${ROUNDS:-5}
TILES=${TILES:-10000}
if [ ! -x "$PTOAS" ]; then
	echo "pto-vs-ptoas: no ptoas at $PTOAS (set PTOAS)" >&2
	exit 1
fi
if [ ! -x /usr/bin/time ]; then
	echo "pto-vs-ptoas: needs GNU time as /usr/bin/time" >&2
	exit 1
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
go build -o "$dir/mlirgen" ./bench/mlirgen
if [ -z "${PTO_OPT:-}" ]; then
	go build -o "$dir/pto-opt" ./cmd/pto-opt
	PTO_OPT=$dir/pto-opt
fi

# timed CMD...: prints "cpu-seconds peak-KB" of one run (output and
# diagnostics discarded; a failing run stops the script).
timed() {
	/usr/bin/time -f "%U %S %M" -o "$dir/time" "$@" >/dev/null 2>"$dir/err" ||
		{ echo "pto-vs-ptoas: failed: $*" >&2; tail -5 "$dir/err" >&2; exit 1; }
	awk '{printf "%.3f %d\n", $1 + $2, $3}' "$dir/time"
}

median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

target_of() { [ "$1" = a5 ] && echo ascend950 || echo ascend910b; }

# The corpus kernels ptoas accepts, as "file arch level sync" lines.
: >"$dir/corpus"
if [ -f "$CORPUS/verdicts.json" ]; then
	python3 - "$CORPUS/verdicts.json" >"$dir/corpus" <<'EOF'
import json, sys
for f, v in sorted(json.load(open(sys.argv[1])).items()):
    if v["ptoas_accepts"]:
        print(f, v["arch"], v["level"], "1" if v.get("insert_sync") else "0")
EOF
else
	echo "pto-vs-ptoas: no corpus at $CORPUS (set CORPUS): only the generated kernel is measured" >&2
fi

# Kept: the kernels every step runs on (pto-opt refuses to plan a few,
# with a located error: see test/pto_plan_corpus_test.go).
if [ -s "$dir/corpus" ]; then
	while read -r f arch level sync; do
		"$PTO_OPT" --target="$(target_of "$arch")" --pto-memory-plan=planner=dsa-rp "$CORPUS/$f" -o /dev/null 2>/dev/null &&
			echo "$f $arch $level $sync"
	done <"$dir/corpus" >"$dir/corpus.kept"
	dropped=$(($(wc -l <"$dir/corpus") - $(wc -l <"$dir/corpus.kept")))
	mv "$dir/corpus.kept" "$dir/corpus"
fi

# One round over the corpus for one step: one shell running the step on
# every kernel in turn, timed as a whole (GNU time counts the CPU of all
# the processes it waits for, and the largest peak RSS among them), so
# that runs too short for the clock's resolution still add up.
corpus_script() {
	local step=$1 f arch level sync
	while read -r f arch level sync; do
		case $step in
		pto-read) echo "\"$PTO_OPT\" \"$CORPUS/$f\" -o /dev/null" ;;
		pto-plan) echo "\"$PTO_OPT\" --target=$(target_of "$arch") --pto-memory-plan=planner=dsa-rp \"$CORPUS/$f\" -o /dev/null" ;;
		ptoas)
			local extra=""
			[ "$sync" = 1 ] && extra=--enable-insert-sync
			echo "\"$PTOAS\" --pto-arch=$arch --pto-level=$level $extra \"$CORPUS/$f\" -o \"$dir/out.cpp\""
			;;
		esac
	done <"$dir/corpus" | sed 's/$/ || exit 1/'
}
corpus_round() { timed bash "$dir/corpus-$1.sh"; }

# The generated kernel, unplanned pto.
"$dir/mlirgen" -tiles "$TILES" -straight >"$dir/tiles.mlir"
"$PTO_OPT" --target=ascend910b -materialize-scratch -init-memref -materialize-semantic-aliases -convert-tile-to-pto "$dir/tiles.mlir" -o "$dir/tiles.pto"
"$PTO_OPT" --target=ascend910b --pto-memory-plan=planner=dsa-rp "$dir/tiles.pto" -o "$dir/tiles.planned.pto"

tiles_run() {
	case $1 in
	pto-read) timed "$PTO_OPT" "$dir/tiles.pto" -o /dev/null ;;
	pto-plan) timed "$PTO_OPT" --target=ascend910b --pto-memory-plan=planner=dsa-rp "$dir/tiles.pto" -o /dev/null ;;
	ptoas) timed "$PTOAS" --pto-arch=a3 --pto-level=level2 "$dir/tiles.pto" -o "$dir/out.cpp" ;;
	ptoas-l3) timed "$PTOAS" --pto-arch=a3 --pto-level=level3 "$dir/tiles.planned.pto" -o "$dir/out.cpp" ;;
	esac
}

report() { # input steps...: interleaved rounds, then one line per step
	local input=$1
	shift
	local r s
	for ((r = 0; r < ROUNDS; r++)); do
		for s in "$@"; do
			if [ "$input" = corpus ]; then corpus_round "$s"; else tiles_run "$s"; fi >>"$dir/$input-$s"
		done
	done
	local base_cpu base_rss
	base_cpu=$(awk '{print $1}' "$dir/$input-ptoas" | median)
	base_rss=$(awk '{print $2}' "$dir/$input-ptoas" | median)
	for s in "$@"; do
		local cpu rss
		cpu=$(awk '{print $1}' "$dir/$input-$s" | median)
		rss=$(awk '{print $2}' "$dir/$input-$s" | median)
		printf "%-12s %-9s %9.3f %6.2f %9.1f %6.2f\n" "$input" "$s" "$cpu" \
			"$(awk -v a="$cpu" -v b="$base_cpu" 'BEGIN {print (b > 0) ? a / b : 0}')" \
			"$(awk -v a="$rss" 'BEGIN {print a / 1024}')" \
			"$(awk -v a="$rss" -v b="$base_rss" 'BEGIN {print (b > 0) ? a / b : 0}')"
	done
}

printf "%-12s %-9s %9s %6s %9s %6s\n" input step cpu-s /ptoas peak-MB /ptoas
if [ -s "$dir/corpus" ]; then
	for s in pto-read pto-plan ptoas; do corpus_script "$s" >"$dir/corpus-$s.sh"; done
	report corpus pto-read pto-plan ptoas
	echo "(corpus: $(wc -l <"$dir/corpus") kernels ptoas accepts and pto-opt plans, $dropped it refuses to plan left out; cpu is the sum over them, peak the largest)"
fi
report "tiles-$TILES" pto-read pto-plan ptoas ptoas-l3
echo "(tiles-$TILES: $(grep -c 'pto.bind_tile\|pto.alloc_tile' "$dir/tiles.pto") tiles, $(wc -c <"$dir/tiles.pto") bytes of pto)"
