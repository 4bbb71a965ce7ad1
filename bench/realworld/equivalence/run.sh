#!/usr/bin/env bash
# Builds and runs the original and the ampify-migrated copy of every project prepare.sh laid out,
# side by side, and compares their training losses (compare.py). Needs cmake, ninja, a C++
# compiler, python3 and LibTorch; no Clang, no network.
#   bash bench/realworld/equivalence/run.sh OUT_DIR [PROJECT...]
# LibTorch: python3's torch package when it has one (torch.utils.cmake_prefix_path, the GPU
# machine), else what CMake finds (Debian's libtorch-dev). With nvcc present the CUDA flags of
# tests/gpu/run_examples.sh are passed.
# Environment:
#   EQUIV_STEP=build|run|all    (all) build only, or run what an earlier call built
#   EQUIV_RUNS=DIR              (.realworld-runs) what prepare.sh made
#   EQUIV_BUILD=DIR             (.realworld-build) build trees, expanded data, working directories
#   EQUIV_BUILD_JOBS, EQUIV_NINJA_JOBS, EQUIV_RUN_JOBS   parallel builds, compile jobs per build,
#                               parallel program runs (defaults from nproc: 2/1/1 on <= 4 cores)
#   EQUIV_TIMEOUT=S             per program run (900)
#   EQUIV_RUN_ALL=1             also run, without a GPU, the programs harness.py's CPU_SKIP names
# Writes OUT_DIR/logs/<project>.<variant>.log, OUT_DIR/build/*.log, OUT_DIR/runs.json and
# OUT_DIR/summary.txt (compare.py's table); exits with compare.py's status (non-zero when a
# migrated program fails to build, crashes, gives NaN/inf or diverges from its original).
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
OUT=${1:?output directory}
shift
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
RUNS=${EQUIV_RUNS:-$ROOT/.realworld-runs}
B=${EQUIV_BUILD:-$ROOT/.realworld-build}
STEP=${EQUIV_STEP:-all}
[ -d "$RUNS/data" ] || { echo "run bench/realworld/equivalence/prepare.sh first (no $RUNS/data)"; exit 2; }
mkdir -p "$B"
B=$(cd "$B" && pwd)

CORES=$(nproc)
if [ "$CORES" -ge 8 ]; then
  BUILD_JOBS=${EQUIV_BUILD_JOBS:-$((CORES / 2))}; NINJA_JOBS=${EQUIV_NINJA_JOBS:-2}; RUN_JOBS=${EQUIV_RUN_JOBS:-6}
else
  BUILD_JOBS=${EQUIV_BUILD_JOBS:-2}; NINJA_JOBS=${EQUIV_NINJA_JOBS:-1}; RUN_JOBS=${EQUIV_RUN_JOBS:-1}
fi

PREFIX="$B/install"
TORCH_PREFIX=$(python3 -c 'import torch;print(torch.utils.cmake_prefix_path)' 2>/dev/null || true)
CMAKE_ARGS=(-DCMAKE_PREFIX_PATH="${TORCH_PREFIX:+$TORCH_PREFIX;}$PREFIX")
NVCC=$(command -v nvcc || { [ -x /usr/local/cuda/bin/nvcc ] && echo /usr/local/cuda/bin/nvcc; } || true)
[ -n "$NVCC" ] && CMAKE_ARGS+=(-DCMAKE_CUDA_COMPILER="$NVCC" -DCMAKE_CUDA_ARCHITECTURES=90 -DTORCH_CUDA_ARCH_LIST=9.0)
if command -v ccache >/dev/null; then
  CMAKE_ARGS+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR="$B"
fi
echo "=== LibTorch: ${TORCH_PREFIX:-found by CMake}; builds in $B; $BUILD_JOBS builds x $NINJA_JOBS jobs, $RUN_JOBS runs at once"

if [ "$STEP" != run ]; then
  echo "=== ampify runtime: build and install into $PREFIX"
  # As tests/gpu/run_examples.sh: the repository's CMake project with the analyzer off.
  { cmake -S "$ROOT" -B "$B/runtime" -G Ninja -DCMAKE_BUILD_TYPE=Release -DAMPIFY_BUILD_ANALYZER=OFF \
      -DAMPIFY_BUILD_TESTS=OFF -DCMAKE_INSTALL_PREFIX="$PREFIX" "${CMAKE_ARGS[@]}" \
    && cmake --build "$B/runtime" -j "$((BUILD_JOBS * NINJA_JOBS))" && cmake --install "$B/runtime"; } \
    > "$B/runtime.log" 2>&1 || { tail -n 40 "$B/runtime.log"; cp "$B/runtime.log" "$OUT/"; exit 1; }

  echo "=== data: datagen (the ag_news tensors, the seed object); expand into $B/data"
  { cmake -S "$HERE/datagen" -B "$B/datagen" -G Ninja "${CMAKE_ARGS[@]}" \
      && cmake --build "$B/datagen" -j "$((BUILD_JOBS * NINJA_JOBS))"; } \
    > "$B/datagen.log" 2>&1 || { tail -n 40 "$B/datagen.log"; cp "$B/datagen.log" "$OUT/"; exit 1; }
  # written aside and swapped in, so that programs still running from an earlier call keep theirs
  rm -rf "$B/data.new" "$B/data.old"
  python3 "$HERE/datasets.py" expand "$RUNS/data" "$B/data.new" || exit 1
  for f in "$RUNS"/data/ag_news/*.i64; do
    "$B/datagen/agnews_pt" "$f" "$B/data.new/ag_news/$(basename "$f" .i64).pt" || exit 1
  done
  [ -d "$B/data" ] && mv "$B/data" "$B/data.old"
  mv "$B/data.new" "$B/data"

  echo "=== programs: build (logs in $B/buildlogs)"
  HARGS=()
  for a in "${CMAKE_ARGS[@]}" -DEQUIV_SEED_OBJECT="$B/datagen/equiv_seed.o"; do HARGS+=("--cmake-arg=$a"); done
  python3 "$HERE/harness.py" build --runs "$RUNS" --build "$B" --out "$OUT" --jobs "$BUILD_JOBS" \
    --ninja-jobs "$NINJA_JOBS" "${HARGS[@]}" "$@"
fi
[ "$STEP" = build ] && { echo "=== built (EQUIV_STEP=build)"; exit 0; }

echo "=== programs: run (logs in $OUT/logs)"
python3 "$HERE/harness.py" run --runs "$RUNS" --build "$B" --out "$OUT" --jobs "$RUN_JOBS" \
  --timeout "${EQUIV_TIMEOUT:-900}" "$@" || exit 1
python3 "$HERE/compare.py" "$OUT" | tee "$OUT/summary.txt"
exit "${PIPESTATUS[0]}"
