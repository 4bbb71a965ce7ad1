#!/usr/bin/env bash
# The GPU benchmark of migrated programs: step time and peak memory of fp32, ampify-migrated fp16
# and bf16, and Python torch.amp, in one run, as ratios (tests/gpu/examples_driver.py renders the
# table and plots). On the development machine first: bash tests/gpu/prepare_examples.sh
# Then on the GPU machine: bash bench/gpu/run.sh OUT_DIR [STEPS]
exec bash "$(dirname "$0")/../../tests/gpu/run_examples.sh" "$@"
