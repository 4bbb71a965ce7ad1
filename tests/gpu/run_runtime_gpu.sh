#!/usr/bin/env bash
# Builds the ampify runtime against the GPU machine's LibTorch (python3's torch) and runs:
#  1. the runtime gtests (CPU + CUDA parts, incl. fp16 policy spot-check and the sync-free checks),
#  2. parity with Python's torch.amp.GradScaler (same model/data/seeds, planted infs),
#  3. a small training run (loss must fall >= 10x),
#  4. the benchmark (bench/runtime), unless AMPIFY_SKIP_BENCH=1 (AMPIFY_ONLY_BENCH=1: only this);
#     AMPIFY_BENCH_ROUNDS/AMPIFY_BENCH_STEPS set its rounds and steps per round (15, 20);
#     AMPIFY_PROFILE=1 adds profiler traces of C++ and Python (compared kernel by kernel) and the
#     SM clock and power of unscaled and scaled steps.
# Before 1, it installs the runtime (cmake --install) and builds two programs against the installed
# CMake package, as a user's project: tests/runtime/consumer (the acceptance checks, run on CPU and
# CUDA in 1) and the benchmark that 4 runs.
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

step "install, and build the consumer and the benchmark against the installed package"
PREFIX=$B/prefix
rm -rf "$PREFIX" "$B/consumer" "$B/bench_installed"
cmake --install "$B" --prefix "$PREFIX" --component ampify_runtime >/dev/null || exit 1
CONSUMER_ARGS=(-G Ninja -DCMAKE_BUILD_TYPE=Release "-DCMAKE_PREFIX_PATH=$PREFIX;$TORCH_PREFIX"
  -DCMAKE_CUDA_COMPILER="$NVCC" -DCMAKE_CUDA_ARCHITECTURES=90 -DTORCH_CUDA_ARCH_LIST=9.0)
{ cmake -S "$ROOT/tests/runtime/consumer" -B "$B/consumer" "${CONSUMER_ARGS[@]}" >/dev/null \
    && cmake --build "$B/consumer" -j 8; } &
consumer_build=$!
if [ "${AMPIFY_SKIP_BENCH:-0}" != 1 ]; then
  cmake -S "$ROOT/bench/runtime" -B "$B/bench_installed" "${CONSUMER_ARGS[@]}" >/dev/null \
    && cmake --build "$B/bench_installed" -j 8 || exit 1
fi
wait $consumer_build || exit 1
BENCH=$B/bench_installed/ampify_runtime_bench
BENCH_MODES=$B/bench_installed/libampify_runtime_bench_modes.so

if [ "${AMPIFY_ONLY_BENCH:-0}" != 1 ]; then
step "runtime tests (ctest; the install test is the step below)"
(cd "$B" && ctest -j4 --output-on-failure -E runtime.install_and_consume) || fail=1

step "consumer of the installed package (CPU and CUDA)"
"$B/consumer/ampify_consumer" || fail=1

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
  step "benchmark (built against the installed package)"
  # Within each process the modes take turns round by round. Separate processes alternate C++,
  # Python, C++, Python; then two Python processes run the C++ modes too (through the benchmark's
  # module), each C++ round next to the Python round of the same mode.
  R=${AMPIFY_BENCH_ROUNDS:-15}; S=${AMPIFY_BENCH_STEPS:-20}
  BENCH_PY="$ROOT/bench/runtime/bench.py"
  "$BENCH" "$WORK/bench_cpp1.txt" "$R" "$S" \
    && python3 "$BENCH_PY" run "$WORK/bench_py1.txt" "$R" "$S" \
    && "$BENCH" "$WORK/bench_cpp2.txt" "$R" "$S" \
    && python3 "$BENCH_PY" run "$WORK/bench_py2.txt" "$R" "$S" \
    && python3 "$BENCH_PY" run "$WORK/bench_both1.txt" "$R" "$S" --cpp-library "$BENCH_MODES" \
    && python3 "$BENCH_PY" run "$WORK/bench_both2.txt" "$R" "$S" --cpp-library "$BENCH_MODES" \
    && python3 "$BENCH_PY" report --py "$WORK/bench_py1.txt" "$WORK/bench_py2.txt" \
         --cpp "$WORK/bench_cpp1.txt" "$WORK/bench_cpp2.txt" \
         --inprocess "$WORK/bench_both1.txt" "$WORK/bench_both2.txt" || fail=1
  if [ "${AMPIFY_PROFILE:-0}" = 1 ]; then
    step "profile: C++ and Python kernels per step, SM clock and power"
    mkdir -p "$WORK/profile"
    "$BENCH" --profile "$WORK/profile" && python3 "$BENCH_PY" profile "$WORK/profile" \
      && python3 "$BENCH_PY" kernels "$WORK/profile" && python3 "$BENCH_PY" clocks || fail=1
  fi
fi

echo
if [ $fail = 0 ]; then echo "GPU RUNTIME CHECKS: ALL PASSED"; else echo "GPU RUNTIME CHECKS: FAILURES"; fi
exit $fail
