#!/usr/bin/env bash
# The device runs of this folder. Each argument is one of:
#   NAME            every project prepare.sh laid out in .realworld-runs-NAME (run.sh, all runs)
#   NAME:P1,P2      only projects P1, P2 of it
#   trace:NAME:P    project P of .realworld-runs-NAME once more, its migrated program as the harness
#                   ran it, with every GradScaler update traced (AMPIFY_SCALER_TRACE): how many
#                   steps the scaler skipped (found_inf) and when
#   bash bench/realworld/results/equivalence-gpu-2026-12-07g/gpu.sh OUT s07g:arena_ppo_agent,diffusion_unet trace:s07g:diffusion_unet
# (README.md: the runs this session planned, and how to prepare .realworld-runs-s07g)
set -uo pipefail
OUT=${1:?output directory}
shift
nvidia-smi --query-gpu=name --format=csv,noheader
for arg in "$@"; do
  if [[ $arg == trace:* ]]; then
    IFS=: read -r _ c p <<< "$arg"
    log=$(ls -d "$OUT"/equiv-$c/logs/$p.migrated.log 2>/dev/null || true)
    [ -n "$log" ] || { tar xzf "$OUT/logs-$c.tgz" -C "$OUT" "equiv-$c/logs/$p.migrated.log"; log=$OUT/equiv-$c/logs/$p.migrated.log; }
    cwd=$(sed -n 's/^# cwd //p' "$log"); cmd=$(sed -n 's/^# + //p' "$log")
    (cd "$cwd" && AMPIFY_SCALER_TRACE=$OUT/$p-scaler-trace.jsonl timeout 300 $cmd > "$OUT/$p-traced.log" 2>&1)
    echo "$p traced rc=$?; updates: $(wc -l < "$OUT/$p-scaler-trace.jsonl"); skipped: $(grep -c '"found_inf": *1' "$OUT/$p-scaler-trace.jsonl")"
    rm -rf "$OUT/equiv-$c"
    continue
  fi
  c=${arg%%:*}
  projects=()
  [[ $arg == *:* ]] && IFS=, read -r -a projects <<< "${arg#*:}"
  EQUIV_RUNS=$PWD/.realworld-runs-$c EQUIV_BUILD=$PWD/.rb-$c EQUIV_TIMEOUT=200 \
    bash bench/realworld/equivalence/run.sh "$OUT/equiv-$c" "${projects[@]}" > "$OUT/run-$c.txt" 2>&1
  echo "$c rc=$?"; grep -E '^\|' "$OUT/run-$c.txt"
  (cd "$OUT" && tar czf logs-$c.tgz equiv-$c/logs equiv-$c/runs.json equiv-$c/summary.txt && rm -rf equiv-$c)
done
