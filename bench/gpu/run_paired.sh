#!/usr/bin/env bash
# The scripted GPU run of issue 18, on the GPU machine (carry .gpu-examples, made here by
# tests/gpu/prepare_examples.sh, and .gtest-src):
#   1. the runtime's GPU checks (tests/gpu/run_runtime_gpu.sh, benchmark skipped), in the
#      background while the examples build (skipped with AMPIFY_PAIRED_QUICK=1);
#   2. the examples: build, run and check fp32/fp16/bf16 and Python (tests/gpu/run_examples.sh,
#      STEPS steps, without its paired benchmark; AMPIFY_PAIRED_QUICK=1: build only);
#   3. once 1 has finished (nothing else on the GPU): the paired C++/Python benchmark
#      (bench/gpu/paired.py, ROUNDS rounds of PAIRED_STEPS timed steps) and its report and plots.
#      The C++ programs run in bench/gpu/cpp_runner.cpp, one C++ process that loads their shared
#      libraries once and runs them on request, alternating with the Python twins in paired.py's
#      process (AMPIFY_PAIRED_CPP=exec: a process per C++ round; =ctypes: in the Python process,
#      which crashed). If the runner fails before its first round, the run falls back to exec.
#   4. AMPIFY_PAIRED_PROBE=1: bench/gpu/ctypes_probe.py, which finds where the ctypes design crashes.
# AMPIFY_DEADLINE=<Unix time> bounds 3 and 4 (a device call's limit): rounds stop before it.
#   bash bench/gpu/run_paired.sh OUT_DIR [ROUNDS] [STEPS] [PAIRED_STEPS] [PAIRED_WARMUP]
# Writes OUT_DIR/{runtime.log, examples.log, paired.log,
# cpp_runner.log, paired.json, syncs.json, paired.md, *.png, ctypes_probe.log}.
# Exits non-zero when any part fails.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${1:?output directory}
ROUNDS=${2:-20}
STEPS=${3:-60}
PAIRED_STEPS=${4:-20}
PAIRED_WARMUP=${5:-5}
QUICK=${AMPIFY_PAIRED_QUICK:-0}
mkdir -p "$OUT"
fail=0
t0=$(date +%s)
python3 -c 'import torch;print("torch", torch.__version__, "cuda", torch.version.cuda, torch.cuda.get_device_name(0))'
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader
if [ "$QUICK" != 1 ]; then
  AMPIFY_SKIP_BENCH=1 bash "$ROOT/tests/gpu/run_runtime_gpu.sh" /tmp/ampify-runtime-gpu >"$OUT/runtime.log" 2>&1 &
  runtime=$!
  bash "$ROOT/tests/gpu/run_examples.sh" "$OUT/examples" "$STEPS" >"$OUT/examples.log" 2>&1 || fail=1
  wait $runtime || fail=1
  tail -n 3 "$OUT/runtime.log"
else
  AMPIFY_EXAMPLES_BUILD_ONLY=1 AMPIFY_EXAMPLE_JOBS=${AMPIFY_EXAMPLE_JOBS:-10} \
    bash "$ROOT/tests/gpu/run_examples.sh" "$OUT/examples" "$STEPS" >"$OUT/examples.log" 2>&1 || fail=1
fi
tail -n 3 "$OUT/examples.log"
echo "build (and checks) took $(( $(date +%s) - t0 )) s"
B=/tmp/ampify-examples
mkdir -p "$B/libs" && cp "$B"/fp32_lib/lib*_lib.so "$B"/fp16_lib/lib*_lib.so "$B/libs/" || exit 1
g++ -O2 -std=c++17 -o "$B/cpp_runner" "$ROOT/bench/gpu/cpp_runner.cpp" -ldl || exit 1

CPP=${AMPIFY_PAIRED_CPP:-runner}
# AMPIFY_DEADLINE (Unix time): the paired run starts no round that would end after it, less the
# time the probe needs; a hard timeout 60 s later.
DEADLINE_ARGS=(); END=
if [ -n "${AMPIFY_DEADLINE:-}" ]; then
  reserve=20; [ "${AMPIFY_PAIRED_PROBE:-0}" = 1 ] && reserve=${AMPIFY_PROBE_RESERVE:-150}
  END=$(( AMPIFY_DEADLINE - reserve )); DEADLINE_ARGS=(--deadline $END)
fi
paired() {
  LIMIT=3600; [ -n "$END" ] && LIMIT=$(( END + 60 - $(date +%s) ))
  PYTHONUNBUFFERED=1 timeout "$LIMIT" python3 -X faulthandler "$ROOT/bench/gpu/paired.py" run \
    --cpp "$1" --libs "$B/libs" --runner "$B/cpp_runner" --bins "$B" --models "$ROOT/bench/gpu/models.py" \
    --out "$OUT" --rounds "$ROUNDS" --steps "$PAIRED_STEPS" --warmup "$PAIRED_WARMUP" "${DEADLINE_ARGS[@]}" \
    >>"$OUT/paired.log" 2>&1
}
t1=$(date +%s)
echo "paired: --cpp $CPP" >>"$OUT/paired.log"
paired "$CPP" || { echo "paired --cpp $CPP failed:"; tail -n 30 "$OUT/paired.log"; fail=1
  if [ ! -f "$OUT/paired.json" ] && [ "$CPP" != exec ]; then
    echo "paired: falling back to --cpp exec" | tee -a "$OUT/paired.log"
    paired exec || { tail -n 30 "$OUT/paired.log"; }
  fi; }
echo "paired took $(( $(date +%s) - t1 )) s"
tail -n 3 "$OUT/paired.log"
if [ -f "$OUT/paired.json" ]; then
  SYNCS=(); [ -f "$OUT/syncs.json" ] && SYNCS=(--syncs "$OUT/syncs.json")
  python3 "$ROOT/bench/gpu/paired.py" report "$OUT/paired.json" "${SYNCS[@]}" --plot "$OUT" | tee "$OUT/paired.md" || fail=1
else
  fail=1
fi
if [ "${AMPIFY_PAIRED_PROBE:-0}" = 1 ]; then
  timeout 100 python3 "$ROOT/bench/gpu/ctypes_probe.py" "$B/libs" mlp ${AMPIFY_PROBE_STAGES:-} >"$OUT/ctypes_probe.log" 2>&1
  if command -v gdb >/dev/null; then
    timeout 40 gdb -q -batch -ex run -ex bt --args python3 "$ROOT/bench/gpu/ctypes_probe.py" --stage torch_cuda "$B/libs" mlp \
      >>"$OUT/ctypes_probe.log" 2>&1
  else
    echo "(no gdb on this machine)" >>"$OUT/ctypes_probe.log"
  fi
  grep -E '^== stage|Fatal|Segmentation|File "' "$OUT/ctypes_probe.log" | head -40
fi
cp "$OUT/examples/results.json" "$OUT/examples/loss_curves.png" "$OUT/" 2>/dev/null
echo "run_paired: fail=$fail, $(( $(date +%s) - t0 )) s"
exit $fail
