#!/usr/bin/env bash
# The device runs of this folder: the first-run migrations of each corpus named (h23, h22: the
# folders .realworld-runs-h23, ... that prepare.sh made), and with `alphazero`, heldout21's
# alphazero_connect once more with its GradScaler traced (AMPIFY_SCALER_TRACE).
#   bash bench/realworld/results/equivalence-gpu-2026-12-07b/gpu.sh OUT h23 [h22] [alphazero]
set -uo pipefail
OUT=${1:?output directory}
shift
nvidia-smi --query-gpu=name --format=csv,noheader
for c in "$@"; do
  if [ "$c" = alphazero ]; then
    c=h21
    EQUIV_RUNS=$PWD/.realworld-runs-$c EQUIV_BUILD=$PWD/.rb-$c EQUIV_TIMEOUT=150 \
      bash bench/realworld/equivalence/run.sh "$OUT/equiv-$c" alphazero_connect > "$OUT/run-$c.txt" 2>&1
    echo "alphazero rc=$?"; grep -E '^\|' "$OUT/run-$c.txt"
    # The migrated program again, as the harness ran it, with every GradScaler update traced.
    log=$OUT/equiv-$c/logs/alphazero_connect.migrated.log
    cwd=$(sed -n 's/^# cwd //p' "$log"); cmd=$(sed -n 's/^# + //p' "$log")
    (cd "$cwd" && AMPIFY_SCALER_TRACE=$OUT/alphazero-scaler-trace.jsonl $cmd > "$OUT/alphazero-traced.log" 2>&1)
    echo "traced rc=$?; updates: $(wc -l < "$OUT/alphazero-scaler-trace.jsonl"); skipped: $(grep -c '"found_inf": *1' "$OUT/alphazero-scaler-trace.jsonl")"
  else
    EQUIV_RUNS=$PWD/.realworld-runs-$c EQUIV_BUILD=$PWD/.rb-$c EQUIV_TIMEOUT=150 \
      bash bench/realworld/equivalence/run.sh "$OUT/equiv-$c" > "$OUT/run-$c.txt" 2>&1
    echo "$c rc=$?"; grep -E '^\|' "$OUT/run-$c.txt"
  fi
  (cd "$OUT" && tar czf logs-$c.tgz equiv-$c/logs equiv-$c/runs.json equiv-$c/summary.txt && rm -rf equiv-$c)
done
