#!/usr/bin/env bash
# On the GPU machine: builds the example programs three ways (the fp32 originals, and the fp16 and
# bf16 output of `ampify fix` made by prepare_examples.sh), runs them and their Python torch.amp
# twins, checks that migrated training tracks fp32, and writes the benchmark table and plots.
#   bash tests/gpu/run_examples.sh OUT_DIR [STEPS]
# fp32 and fp16 are also built as shared libraries (B/fp32_lib, B/fp16_lib) for bench/gpu/paired.py
# (bench/gpu/run_paired.sh runs it after this script).
# AMPIFY_EXAMPLES_BUILD_ONLY=1 stops after the build (bench/gpu/run_paired.sh's quick mode).
# Exits non-zero on any failure.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${1:?output directory}
STEPS=${2:-200}
B=/tmp/ampify-examples
mkdir -p "$OUT" "$B"
MIGRATED=${AMPIFY_EXAMPLES_DIR:-$ROOT/.gpu-examples}
[ -d "$MIGRATED/fp16" ] || { echo "run tests/gpu/prepare_examples.sh first"; exit 1; }

TORCH_PREFIX=$(python3 -c 'import torch;print(torch.utils.cmake_prefix_path)')
NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
CUDA_ARGS=(-DCMAKE_CUDA_COMPILER="$NVCC" -DCMAKE_CUDA_ARCHITECTURES=90 -DTORCH_CUDA_ARCH_LIST=9.0)

echo "=== runtime: build and install"
cmake -S "$ROOT" -B "$B/runtime" -G Ninja -DCMAKE_BUILD_TYPE=Release -DAMPIFY_BUILD_ANALYZER=OFF \
  -DAMPIFY_BUILD_TESTS=OFF -DCMAKE_PREFIX_PATH="$TORCH_PREFIX" -DCMAKE_INSTALL_PREFIX="$B/install" \
  "${CUDA_ARGS[@]}" >/dev/null && cmake --build "$B/runtime" -j "$(nproc)" && cmake --install "$B/runtime" >/dev/null || exit 1

echo "=== examples: build fp32, fp16, bf16"
pids=()
# AMPIFY_EXAMPLE_VARIANTS picks a subset (e.g. "fp32 fp16" when prepare_examples.sh made fp16 only).
VARIANTS=${AMPIFY_EXAMPLE_VARIANTS:-fp32 fp16 bf16}
for variant in $VARIANTS; do
  src=$ROOT/examples
  [ $variant = fp32 ] || src=$MIGRATED/$variant
  suffix=_$variant
  ( cmake -S "$ROOT/examples" -B "$B/$variant" -G Ninja -DEXAMPLE_SOURCES="$src" -DEXAMPLE_SUFFIX=$suffix \
      -DEXAMPLE_LIBRARY=OFF \
      -DCMAKE_PREFIX_PATH="$TORCH_PREFIX;$B/install" "${CUDA_ARGS[@]}" >"$B/$variant.cmake.log" 2>&1 \
    && cmake --build "$B/$variant" -j "${AMPIFY_EXAMPLE_JOBS:-6}" >"$B/$variant.build.log" 2>&1 ) &
  pids+=($!)
  # fp32 and fp16 also as shared libraries (B/VARIANT_lib/lib*_lib.so), for the paired C++/Python
  # benchmark (bench/gpu/run_paired.sh), from a copy of the sources whose main ends in an explicit
  # `return 0;` (bench/gpu/library_sources.py says why).
  [ $variant = bf16 ] && continue
  ( rm -rf "$B/src_$variant" && python3 "$ROOT/bench/gpu/library_sources.py" "$src" "$B/src_$variant" \
    && cmake -S "$ROOT/examples" -B "$B/${variant}_lib" -G Ninja -DEXAMPLE_SOURCES="$B/src_$variant" \
      -DEXAMPLE_SUFFIX=$suffix -DEXAMPLE_LIBRARY=ON \
      -DCMAKE_PREFIX_PATH="$TORCH_PREFIX;$B/install" "${CUDA_ARGS[@]}" >"$B/${variant}_lib.cmake.log" 2>&1 \
    && cmake --build "$B/${variant}_lib" -j "${AMPIFY_EXAMPLE_JOBS:-6}" \
      --target $(for f in "$B/src_$variant"/*.cpp; do n=$(basename "$f" .cpp); echo "${n}${suffix}_lib"; done) \
      >"$B/${variant}_lib.build.log" 2>&1 ) &
  pids+=($!)
done
ok=1
for pid in "${pids[@]}"; do wait $pid || ok=0; done
if [ $ok = 0 ]; then tail -n 40 "$B"/*.log; cp "$B"/*.log "$OUT"/ 2>/dev/null; exit 1; fi

[ "${AMPIFY_EXAMPLES_BUILD_ONLY:-0}" = 1 ] && { echo "=== built (AMPIFY_EXAMPLES_BUILD_ONLY=1)"; exit 0; }

echo "=== run and check"
fail=0
python3 "$ROOT/tests/gpu/examples_driver.py" --bin "$B" --out "$OUT" --steps "$STEPS" \
  --python "$ROOT/bench/gpu/models.py" --variants "$VARIANTS" || fail=1

exit $fail
