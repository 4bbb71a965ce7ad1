#!/usr/bin/env bash
# Builds and runs the Tensor Core alignment benchmark on the GPU machine (LibTorch C++ against
# python3's torch). Usage, from the repository root: bash bench/tensor_cores/run.sh [BUILD_DIR]
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
B=${1:-/tmp/ampify-tensor-core-bench}
python3 -c 'import torch;print("torch", torch.__version__, "cuda", torch.version.cuda, torch.cuda.get_device_name(0))'
TORCH_PREFIX=$(python3 -c 'import torch;print(torch.utils.cmake_prefix_path)')
NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
cmake -S "$ROOT/bench/tensor_cores" -B "$B" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$TORCH_PREFIX" -DCMAKE_CUDA_COMPILER="$NVCC" -DTORCH_CUDA_ARCH_LIST=9.0 >"$B.configure.log" 2>&1 \
  && cmake --build "$B" -j "$(nproc)" >"$B.build.log" 2>&1 && "$B/tensor_core_bench" && exit 0
# Only if LibTorch C++ cannot be built there: the same cases through PyTorch.
echo "C++ build or run failed; log tail follows, then the PyTorch fallback (bench.py)"
tail -30 "$B.configure.log" "$B.build.log" 2>/dev/null
python3 "$ROOT/bench/tensor_cores/bench.py"
