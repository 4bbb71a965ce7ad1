#!/usr/bin/env bash
# Conformance of ampify's cast policy tables with real autocast on the GPU machine (LibTorch 2.11
# through python3's torch; no Clang needed): every op of the table ampify applies to this torch,
# run under CUDA autocast in fp16 and in bf16, and under CPU autocast (bf16). ampify applies the
# table of the newest LibTorch version whose registration it read (2.6) to 2.11; the log's first
# line names the table.
#   bash tests/gpu/run_conformance.sh OUT_DIR
# Writes OUT_DIR/conformance-<device>-<dtype>.txt (the full report: divergences, not run, agree)
# and OUT_DIR/conformance-summary.txt. Exits 1 when any run found a divergence, 2 when one could
# not run at all.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${1:?output directory}
mkdir -p "$OUT"
PYTHON=${AMPIFY_PYTHON:-python3}
"$PYTHON" -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda,
      torch.cuda.get_device_name(0) if torch.cuda.is_available() else "no CUDA device")' | tee "$OUT/conformance-summary.txt"
status=0
for run in "cuda float16" "cuda bfloat16" "cpu bfloat16"; do
  set -- $run
  log="$OUT/conformance-$1-$2.txt"
  crashed=()
  # An op that crashes the process (a signal, exit > 128) is named by the last "running:" line:
  # the run is repeated without it, at most 10 times, and the report lists it as not run.
  for attempt in 1 2 3 4 5 6 7 8 9 10 11; do
    echo "\$ $PYTHON tests/conformance/run_conformance.py --device $1 --dtype $2 ${crashed[*]}" > "$log"
    "$PYTHON" "$ROOT/tests/conformance/run_conformance.py" --device "$1" --dtype "$2" "${crashed[@]}" \
      >> "$log" 2> "$log.stderr"
    rc=$?
    [ $rc -le 128 ] && break
    op=$(grep '^running: ' "$log.stderr" | tail -1 | cut -d' ' -f2)
    [ -n "$op" ] || break
    echo "$1 $2: $op killed the process (exit $rc); running again without it"
    crashed+=(--crashed "$op")
  done
  summary=$(grep '^summary:' "$log" || echo "summary: $1 $2 did not finish (exit $rc; see $log.stderr)")
  echo "$summary (exit $rc)" | tee -a "$OUT/conformance-summary.txt"
  if [ $rc -eq 1 ] && [ $status -eq 0 ]; then status=1; fi
  if [ $rc -ne 0 ] && [ $rc -ne 1 ]; then status=2; fi
done
exit $status
