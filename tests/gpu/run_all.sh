#!/usr/bin/env bash
# The whole GPU proof in one command, on the GPU machine: the runtime's GPU tests (CUDA policy,
# parity with torch.amp.GradScaler, training, NCCL world size 1) and the migrated example
# programs with their benchmark. Run tests/gpu/prepare_examples.sh on the development machine
# first and carry .gpu-examples (and .gtest-src, a copy of /usr/src/googletest/googletest).
#   bash tests/gpu/run_all.sh OUT_DIR [STEPS]
# Exits non-zero when either part fails.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${1:?output directory}
fail=0
AMPIFY_SKIP_BENCH=1 bash "$HERE/run_runtime_gpu.sh" /tmp/ampify-runtime-gpu || fail=1
bash "$HERE/run_examples.sh" "$OUT" "${2:-150}" || fail=1
exit $fail
