#!/usr/bin/env bash
# The scripted GPU run of issue 18, on the GPU machine (carry .gpu-examples, made here by
# tests/gpu/prepare_examples.sh, and .gtest-src):
#   1. the runtime's GPU checks (tests/gpu/run_runtime_gpu.sh, benchmark skipped), in the
#      background while the examples build;
#   2. the examples: build, run and check fp32/fp16/bf16 and Python (tests/gpu/run_examples.sh,
#      STEPS steps, without its paired benchmark);
#   3. once 1 has finished (nothing else on the GPU): the paired C++/Python benchmark
#      (bench/gpu/paired.py, ROUNDS rounds) and its report, plots and README table input.
#   bash bench/gpu/run_paired.sh OUT_DIR [ROUNDS] [STEPS]
# Writes OUT_DIR/{runtime.log,examples.log,paired.log,results.json,paired.json,syncs.json,paired.md,*.png}.
# Exits non-zero when any part fails.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${1:?output directory}
ROUNDS=${2:-20}
STEPS=${3:-60}
mkdir -p "$OUT"
fail=0
AMPIFY_SKIP_BENCH=1 bash "$ROOT/tests/gpu/run_runtime_gpu.sh" /tmp/ampify-runtime-gpu >"$OUT/runtime.log" 2>&1 &
runtime=$!
bash "$ROOT/tests/gpu/run_examples.sh" "$OUT/examples" "$STEPS" >"$OUT/examples.log" 2>&1 || fail=1
wait $runtime || fail=1
tail -n 3 "$OUT/runtime.log"; tail -n 3 "$OUT/examples.log"
B=/tmp/ampify-examples
mkdir -p "$B/libs" && cp "$B"/fp32/lib*_lib.so "$B"/fp16/lib*_lib.so "$B/libs/" || exit 1
PYTHONUNBUFFERED=1 python3 "$ROOT/bench/gpu/paired.py" run --libs "$B/libs" --models "$ROOT/bench/gpu/models.py" \
    --out "$OUT" --rounds "$ROUNDS" >"$OUT/paired.log" 2>&1 || { fail=1; tail -n 30 "$OUT/paired.log"; }
python3 "$ROOT/bench/gpu/paired.py" report "$OUT/paired.json" --syncs "$OUT/syncs.json" --plot "$OUT" \
  | tee "$OUT/paired.md" || fail=1
cp "$OUT/examples/results.json" "$OUT/examples/loss_curves.png" "$OUT/" 2>/dev/null
echo "run_paired: fail=$fail"
exit $fail
