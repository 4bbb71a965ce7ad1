#!/usr/bin/env bash
# Measures what the precision-flow analysis and the rules add to parsing: for each TU, the median
# wall time of `clang++-19 -fsyntax-only` and of `ampify check` (which parses the same TU with the
# same flags, without its result cache or shared preamble, then runs every rule), side by side,
# and the ratio.
#
#   bench/analysis/run.sh BUILD_DIR [RUNS] [FILES...]
# BUILD_DIR holds tool/ampify; FILES default to testdata/examples and testdata/clean; RUNS to 5.
# TUs include the real LibTorch headers (no PCH), so parse time is what a user's build sees.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:?usage: run.sh BUILD_DIR [RUNS] [FILES...]}
runs=${2:-5}
shift $(( $# >= 2 ? 2 : 1 ))
files=("$@")
[ ${#files[@]} -gt 0 ] || files=("$root"/testdata/examples/*.cpp "$root"/testdata/clean/*.cpp)
ampify=$build/tool/ampify
api=/usr/include/torch/csrc/api/include

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
seconds() { local t0 t1; t0=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; t1=$(date +%s.%N); echo "$t1 - $t0" | bc; }

printf '%-28s %10s %10s %7s\n' file parse_s check_s ratio
total_parse=0; total_check=0
for f in "${files[@]}"; do
  p=$(for _ in $(seq "$runs"); do seconds clang++-19 -fsyntax-only -std=c++17 -isystem "$api" "$f"; done | median)
  c=$(for _ in $(seq "$runs"); do seconds "$ampify" check --color=never --no-cache --no-preamble -j 1 --quiet "$f"; done | median)
  printf '%-28s %10.3f %10.3f %7.3f\n' "$(basename "$f")" "$p" "$c" "$(echo "$c / $p" | bc -l)"
  total_parse=$(echo "$total_parse + $p" | bc); total_check=$(echo "$total_check + $c" | bc)
done
printf '%-28s %10.3f %10.3f %7.3f\n' total "$total_parse" "$total_check" "$(echo "$total_check / $total_parse" | bc -l)"
