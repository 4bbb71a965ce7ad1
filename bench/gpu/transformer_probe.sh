#!/usr/bin/env bash
# On the GPU machine (carry .gpu-examples): why the migrated transformer's C++ step is only a little
# faster than the Python torch.amp step (issue 18). Builds the runtime, the transformer's fp32/fp16
# shared libraries (for bench/gpu/paired.py) and bench/gpu/profile's profiled fp16 program, then
#   1. profiles C++ fp16 (LibTorch's Kineto profiler), Python fp16 default and Python fp16 fused with
#      torch.profiler, and compares them step by step and kernel by kernel (bench/gpu/trace_steps.py);
#   2. runs the paired benchmark for the transformer alone (ROUNDS rounds).
#   bash bench/gpu/transformer_probe.sh OUT_DIR [ROUNDS] [PAIRED_STEPS] [PAIRED_WARMUP]
# Extra variants to profile and pair: AMPIFY_PROBE_VARIANTS="DIR ..." (each a folder with a
# transformer.cpp and example_report.h, e.g. a hand-edited copy of the migration; built as its own
# library libtransformer_<basename>_lib.so, profiled as cpp_<basename>, paired through
# paired.py --extra-cpp <basename>). AMPIFY_DEADLINE=<Unix time> stops the paired rounds before it.
# Writes OUT_DIR/{summary.md, summary.json, profile.log, *.trace.json.gz (AMPIFY_PROBE_KEEP_TRACES),
# paired.json, paired.log, paired.md, syncs.json, cpp_runner.log}.
# Used for bench/gpu/results/2026-12-03-transformer (its COMMAND has the calls).
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${1:?output directory}
ROUNDS=${2:-20}
PAIRED_STEPS=${3:-20}
PAIRED_WARMUP=${4:-5}
mkdir -p "$OUT"
B=/tmp/ampify-probe
T=/tmp/ampify-probe-traces
mkdir -p "$B" "$T"
t0=$(date +%s)
python3 -c 'import torch;print("torch", torch.__version__, "cuda", torch.version.cuda, torch.cuda.get_device_name(0))'
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv,noheader
lscpu | grep -E '^(Model name|CPU\(s\)|CPU MHz|BogoMIPS)' | tr -s ' ' 
TORCH_PREFIX=$(python3 -c 'import torch;print(torch.utils.cmake_prefix_path)')
NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
CUDA_ARGS=(-DCMAKE_CUDA_COMPILER="$NVCC" -DCMAKE_CUDA_ARCHITECTURES=90 -DTORCH_CUDA_ARCH_LIST=9.0)
cmake -S "$ROOT" -B "$B/runtime" -G Ninja -DCMAKE_BUILD_TYPE=Release -DAMPIFY_BUILD_ANALYZER=OFF \
  -DAMPIFY_BUILD_TESTS=OFF -DCMAKE_PREFIX_PATH="$TORCH_PREFIX" -DCMAKE_INSTALL_PREFIX="$B/install" \
  "${CUDA_ARGS[@]}" >"$B/runtime.log" 2>&1 && cmake --build "$B/runtime" -j "$(nproc)" >>"$B/runtime.log" 2>&1 \
  && cmake --install "$B/runtime" >/dev/null || { tail -n 40 "$B/runtime.log"; exit 1; }
PREFIX="$TORCH_PREFIX;$B/install"
# variant name -> source folder
declare -A SRC=([fp32]="$ROOT/examples" [fp16]="$ROOT/.gpu-examples/fp16")
EXTRA=()
for d in ${AMPIFY_PROBE_VARIANTS:-}; do SRC[$(basename "$d")]=$d; EXTRA+=("$(basename "$d")"); done
pids=()
for v in "${!SRC[@]}"; do
  ( rm -rf "$B/src_$v" && python3 "$ROOT/bench/gpu/library_sources.py" "${SRC[$v]}" "$B/src_$v" >/dev/null \
    && cmake -S "$ROOT/examples" -B "$B/lib_$v" -G Ninja -DEXAMPLE_SOURCES="$B/src_$v" -DEXAMPLE_SUFFIX=_$v \
      -DEXAMPLE_LIBRARY=ON -DCMAKE_PREFIX_PATH="$PREFIX" "${CUDA_ARGS[@]}" >"$B/lib_$v.log" 2>&1 \
    && cmake --build "$B/lib_$v" --target transformer_${v}_lib >>"$B/lib_$v.log" 2>&1 \
    && if [ "$v" != fp32 ]; then
      cmake -S "$ROOT/bench/gpu/profile" -B "$B/prof_$v" -G Ninja -DEXAMPLE_SOURCE="$B/src_$v/transformer.cpp" \
        -DEXAMPLE_SUFFIX=_$v -DCMAKE_PREFIX_PATH="$PREFIX" "${CUDA_ARGS[@]}" >"$B/prof_$v.log" 2>&1 \
      && cmake --build "$B/prof_$v" >>"$B/prof_$v.log" 2>&1; fi ) &
  pids+=($!)
done
g++ -O2 -std=c++17 -o "$B/cpp_runner" "$ROOT/bench/gpu/cpp_runner.cpp" -ldl || exit 1
ok=1
for p in "${pids[@]}"; do wait $p || ok=0; done
[ $ok = 1 ] || { tail -n 30 "$B"/*.log; exit 1; }
mkdir -p "$B/libs"
for v in "${!SRC[@]}"; do cp "$B/lib_$v/libtransformer_${v}_lib.so" "$B/libs/" || exit 1; done
echo "built in $(( $(date +%s) - t0 )) s"

# 1. profiles (35 steps after 5 warm-up; the summary uses the last 25); AMPIFY_PROBE_PROFILE=0 skips them
specs=()
if [ "${AMPIFY_PROBE_PROFILE:-1}" = 1 ]; then
for v in "${!SRC[@]}"; do
  [ "$v" = fp32 ] && continue
  "$B/prof_$v/profile_transformer_$v" "$T/cpp_$v.trace.json" --steps 35 --warmup 5 --json "$T/cpp_$v.report.json" \
    >>"$OUT/profile.log" 2>&1 || { echo "profile cpp $v failed"; tail -n 20 "$OUT/profile.log"; }
  specs+=("cpp_$v=$T/cpp_$v.trace.json")
done
for m in fp16 fp16_fused_cl; do
  python3 "$ROOT/bench/gpu/trace_steps.py" py transformer $m "$T/py_$m.trace.json" --steps 35 --warmup 5 \
    --report "$T/py_$m.report.json" >>"$OUT/profile.log" 2>&1 || { echo "profile py $m failed"; tail -n 20 "$OUT/profile.log"; }
  specs+=("py_$m=$T/py_$m.trace.json")
done
cat "$T"/*.report.json | cut -c1-200 >>"$OUT/profile.log"
# order: the migrated C++ first (the base of the comparisons)
ordered=("cpp_fp16=$T/cpp_fp16.trace.json")
for s in "${specs[@]}"; do [ "${s%%=*}" = cpp_fp16 ] || ordered+=("$s"); done
python3 "$ROOT/bench/gpu/trace_steps.py" summary "${ordered[@]}" --last 25 --top 30 --json "$OUT/summary.json" \
  >"$OUT/summary.md" 2>&1 || { echo "summary failed"; tail -n 20 "$OUT/summary.md"; }
head -n 24 "$OUT/summary.md"
# AMPIFY_PROBE_KEEP_TRACES="LABEL ..." picks the traces copied to OUT_DIR (all by default).
for s in "${ordered[@]}"; do
  case " ${AMPIFY_PROBE_KEEP_TRACES:-${s%%=*}} " in *" ${s%%=*} "*) gzip -c "${s#*=}" >"$OUT/${s%%=*}.trace.json.gz";; esac
done
echo "profiled at $(( $(date +%s) - t0 )) s"
fi

# 2. paired, the transformer alone
if [ "$ROUNDS" -gt 0 ]; then
  DL=(); [ -n "${AMPIFY_DEADLINE:-}" ] && DL=(--deadline "$AMPIFY_DEADLINE")
  PYTHONUNBUFFERED=1 python3 -X faulthandler "$ROOT/bench/gpu/paired.py" run --cpp runner --libs "$B/libs" \
    --runner "$B/cpp_runner" --models "$ROOT/bench/gpu/models.py" --out "$OUT" --programs transformer \
    --rounds "$ROUNDS" --steps "$PAIRED_STEPS" --warmup "$PAIRED_WARMUP" "${DL[@]}" --extra-cpp "${EXTRA[@]}" \
    >"$OUT/paired.log" 2>&1 \
    || { echo "paired failed"; tail -n 30 "$OUT/paired.log"; }
  [ -f "$OUT/paired.json" ] && python3 "$ROOT/bench/gpu/paired.py" report "$OUT/paired.json" --syncs "$OUT/syncs.json" \
    | tee "$OUT/paired.md"
fi
echo "probe done in $(( $(date +%s) - t0 )) s"
