#!/bin/sh
# Scans the fetched open-source LibTorch programs (docs/realscan.md) with the real LibTorch headers:
# `ampify check` (every rule) and `ampify fix --diff` (what the migration would change).
#   sh bench/realscan/run.sh [AMPIFY]        (default: build/tool/ampify)
set -u
here=$(cd "$(dirname "$0")" && pwd)
ampify=${1:-$here/../../build/tool/ampify}
vae=$here/pytorch-cpp/tutorials/advanced/variational_autoencoder
set -- \
  "$here/pytorch-examples/cpp/mnist/mnist.cpp" \
  "$here/pytorch-examples/cpp/regression/regression.cpp" \
  "$here/pytorch-examples/cpp/dcgan/dcgan.cpp" \
  "$vae/src/main.cpp" "$vae/src/variational_autoencoder.cpp"
for f in "$@"; do
  [ -f "$f" ] || { echo "missing $f: fetch the sources first (docs/realscan.md)" >&2; exit 2; }
done
extra="--extra-arg=-I$here/stubs --extra-arg=-I$vae/include"
echo "== ampify check"
"$ampify" check --project-root="$here" --fail-on=none -j 2 $extra "$@"
check=$?
echo "== ampify fix --diff"
"$ampify" fix --diff $extra "$@"
exit $check
