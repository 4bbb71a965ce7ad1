#!/usr/bin/env bash
# Builds the ampify runtime against the GPU machine's LibTorch (python3's torch) and runs:
#  1. the runtime gtests (CPU + CUDA parts, incl. fp16 policy spot-check and the sync-free checks),
#  2. parity with Python's torch.amp.GradScaler (same model/data/seeds, planted infs),
#  3. a small training run (loss must fall >= 10x),
#  4. the benchmark (bench/runtime), unless AMPIFY_SKIP_BENCH=1 (AMPIFY_ONLY_BENCH=1: only this).
# Exits non-zero on any failure. Usage (repo root): bash tests/gpu/run_runtime_gpu.sh [BUILD_DIR]
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
B=${1:-/tmp/ampify-runtime-gpu}
WORK=$B/work
mkdir -p "$WORK"
fail=0
step() { echo; echo "=== $* ==="; }

TORCH_PREFIX=$(python3 -c 'import torch;print(torch.utils.cmake_prefix_path)')
python3 -c 'import torch;print("torch", torch.__version__, "cuda", torch.version.cuda, torch.cuda.get_device_name(0))'
NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
GTEST_ARGS=()
if [ -d "$ROOT/.gtest-src/googletest" ]; then GTEST_ARGS=(-DAMPIFY_GTEST_SOURCE_DIR="$ROOT/.gtest-src/googletest"); fi

NCCL_HINT=$(python3 -c 'import nvidia.nccl, os; print(os.path.join(list(nvidia.nccl.__path__)[0], "include"))' 2>/dev/null || true)

step configure
cmake -S "$ROOT/tests/gpu" -B "$B" -G Ninja -DCMAKE_BUILD_TYPE=Release -DNCCL_INCLUDE_HINT="$NCCL_HINT" \
  -DCMAKE_PREFIX_PATH="$TORCH_PREFIX" -DCMAKE_CUDA_COMPILER="$NVCC" -DCMAKE_CUDA_ARCHITECTURES=90 \
  -DTORCH_CUDA_ARCH_LIST=9.0 "${GTEST_ARGS[@]}" || exit 1
step build
cmake --build "$B" -j "$(nproc)" || exit 1

if [ "${AMPIFY_ONLY_BENCH:-0}" != 1 ]; then
step "runtime tests (ctest, includes install + consumer test)"
(cd "$B" && ctest -j4 --output-on-failure) || fail=1

step "parity with torch.amp.GradScaler"
python3 "$ROOT/tests/gpu/parity.py" gen "$WORK/parity" \
  && "$B/ampify_gpu_checks" parity "$WORK/parity" \
  && python3 "$ROOT/tests/gpu/parity.py" check "$WORK/parity" || fail=1

step "training"
"$B/ampify_gpu_checks" train || fail=1

step "data-parallel scaler over NCCL, world size 1"
if [ -x "$B/ampify_nccl_world1" ]; then "$B/ampify_nccl_world1" || fail=1; else echo "not built (no c10d NCCL headers)"; fail=1; fi
fi

if [ "${AMPIFY_SKIP_BENCH:-0}" != 1 ]; then
  step "benchmark"
  # C++, Python, C++ again (the C++ numbers are the mean of both runs, to even out clock drift)
  "$B/bench_runtime/ampify_runtime_bench" "$WORK/bench_cpp1.txt" \
    && python3 "$ROOT/bench/runtime/bench.py" run "$WORK/bench_py.txt" \
    && "$B/bench_runtime/ampify_runtime_bench" "$WORK/bench_cpp2.txt" \
    && python3 "$ROOT/bench/runtime/bench.py" report "$WORK/bench_py.txt" "$WORK/bench_cpp1.txt" "$WORK/bench_cpp2.txt" || fail=1
fi

echo
if [ $fail = 0 ]; then echo "GPU RUNTIME CHECKS: ALL PASSED"; else echo "GPU RUNTIME CHECKS: FAILURES"; fi
exit $fail
