#!/usr/bin/env bash
# parse-vs-mlir-opt.sh times pto-opt's parse+print against mlir-opt's on
# the benchmark shapes of internal/gen (go run ./bench/mlirgen -list):
# `pto-opt file.mlir -o /dev/null` and `mlir-opt file.mlir -o /dev/null`,
# run alternately on the same file, ROUNDS times each. It prints, per
# shape, size, form and threading, the median CPU time (user + system)
# and the median peak RSS of each tool, and their ratios pto/mlir (below 1:
# pto-opt is cheaper). Both tools run interleaved so that load from other
# processes affects both alike.
#
#   bench/parse-vs-mlir-opt.sh                     # every shape, 1, 5 and 20 MB
#   SHAPES="dense attrs" SIZES="1 5" ROUNDS=3 FORMS=pretty THREADS=on bench/parse-vs-mlir-opt.sh
#
# Environment: SHAPES (names), SIZES (MB), FORMS (pretty generic),
# THREADS (on off: off passes --mlir-disable-threading to both), ROUNDS
# (default 5), MLIR_OPT (default: mlir-opt on PATH, else
# /usr/lib/llvm-22/bin/mlir-opt), PTO_OPT (a built pto-opt; default: built
# from this checkout), KEEP=1 keeps the generated files.
set -euo pipefail
cd "$(dirname "$0")/.."

MLIR_OPT=${MLIR_OPT:-$(command -v mlir-opt || echo /usr/lib/llvm-22/bin/mlir-opt)}
if [ ! -x "$MLIR_OPT" ]; then
	echo "parse-vs-mlir-opt: mlir-opt not found (set MLIR_OPT)" >&2
	exit 1
fi
if [ ! -x /usr/bin/time ]; then
	echo "parse-vs-mlir-opt: needs GNU time as /usr/bin/time" >&2
	exit 1
fi
dir=$(mktemp -d)
if [ "${KEEP:-}" != 1 ]; then trap 'rm -rf "$dir"' EXIT; else echo "files in $dir" >&2; fi
go build -o "$dir/mlirgen" ./bench/mlirgen
if [ -z "${PTO_OPT:-}" ]; then
	go build -o "$dir/pto-opt" ./cmd/pto-opt
	PTO_OPT=$dir/pto-opt
fi
SHAPES=${SHAPES:-$("$dir/mlirgen" -list | awk '{print $1}')}
SIZES=${SIZES:-1 5 20}
FORMS=${FORMS:-pretty generic}
THREADS=${THREADS:-on off}
ROUNDS=${ROUNDS:-5}

# run TOOL FILE FLAGS...: prints "cpu-seconds peak-KB" of one run.
run() {
	local tool=$1 file=$2
	shift 2
	/usr/bin/time -f "%U %S %M" -o "$dir/time" "$tool" "$file" -o /dev/null "$@" ||
		{ echo "parse-vs-mlir-opt: $tool failed on $file" >&2; exit 1; }
	awk '{printf "%.3f %d\n", $1 + $2, $3}' "$dir/time"
}

median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

printf "%-11s %4s %-7s %-7s %9s %9s %6s %9s %9s %6s\n" shape MB form threads pto-cpu mlir-cpu ratio pto-MB mlir-MB ratio
for shape in $SHAPES; do
	for mb in $SIZES; do
		for form in $FORMS; do
			file=$dir/$shape-$mb-$form.mlir
			gflag=
			[ "$form" = generic ] && gflag=-generic
			"$dir/mlirgen" -shape "$shape" -bytes $((mb << 20)) $gflag >"$file"
			for th in $THREADS; do
				flags=()
				[ "$th" = off ] && flags=(--mlir-disable-threading)
				: >"$dir/pto"
				: >"$dir/mlir"
				for _ in $(seq "$ROUNDS"); do
					run "$PTO_OPT" "$file" "${flags[@]}" >>"$dir/pto"
					run "$MLIR_OPT" "$file" "${flags[@]}" >>"$dir/mlir"
				done
				pc=$(awk '{print $1}' "$dir/pto" | median)
				mc=$(awk '{print $1}' "$dir/mlir" | median)
				pr=$(awk '{print $2}' "$dir/pto" | median)
				mr=$(awk '{print $2}' "$dir/mlir" | median)
				awk -v s="$shape" -v mb="$mb" -v f="$form" -v t="$th" -v pc="$pc" -v mc="$mc" -v pr="$pr" -v mr="$mr" 'BEGIN {
					printf "%-11s %4s %-7s %-7s %9.3f %9.3f %6.2f %9.1f %9.1f %6.2f\n", s, mb, f, t, pc, mc, (mc > 0 ? pc / mc : 0), pr / 1024, mr / 1024, pr / mr
				}'
			done
			rm -f "$file"
		done
	done
done
