#!/usr/bin/env bash
# One entry point for a fresh Debian machine and for CI.
#   ./setup.sh main   install what is missing, build the product (not the tests), run ampify on the
#                     bundled example
#   ./setup.sh test   install what is missing, build, run every test
set -euo pipefail
cd "$(dirname "$0")"

BUILD_DIR=${AMPIFY_BUILD_DIR:-build}
# The SARIF validators the tests run (tests/tools/package.json, from the npm registry), kept out of
# the clone so that a fresh clone reuses them.
TEST_TOOLS_DIR=${AMPIFY_TEST_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/ampify-test-tools}
PACKAGES=(clang-19 libclang-19-dev libclang-cpp19-dev llvm-19-dev llvm-19-tools clang-tools-19
          clang-tidy-19 libtorch-dev libgtest-dev cmake ninja-build python3 neovim ccache libgloo-dev
          python3-torch libclang-rt-19-dev)

install_missing() {
  local missing=()
  [ "${1:-}" = test ] && ! command -v npm >/dev/null && PACKAGES+=(npm)
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "== installing: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
}

install_test_tools() {
  local multitool=$TEST_TOOLS_DIR/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool
  if [ ! -f "$multitool" ] || ! cmp -s tests/tools/package-lock.json "$TEST_TOOLS_DIR/package-lock.json"; then
    echo "== installing the test tools (tests/tools/package.json) into $TEST_TOOLS_DIR"
    mkdir -p "$TEST_TOOLS_DIR"
    cp tests/tools/package.json tests/tools/package-lock.json "$TEST_TOOLS_DIR/"
    (cd "$TEST_TOOLS_DIR" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error)
  fi
  chmod u+x "$multitool" # what the package's own install script would do
}

# build TARGET [CMAKE_ARGS...]: configures once (the same configuration for main and test, so that
# `./setup.sh test` after `./setup.sh main` only adds the tests) and builds TARGET ("all" or the
# product alone).
build() {
  local target=$1
  shift
  echo "== configuring and building $target (Release, Ninja) in $BUILD_DIR"
  # ccache makes a rebuild of an unchanged tree (a second clone, CI) take seconds. Paths under the
  # source root are hashed relative to it, so a clone elsewhere hits the same entries.
  export CCACHE_BASEDIR="$PWD"
  local start=$SECONDS
  cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_CXX_COMPILER_LAUNCHER=ccache "$@" >/dev/null
  cmake --build "$BUILD_DIR" -j "$(nproc)" --target "$target"
  echo "== built $target in $((SECONDS - start)) s"
}

run_main() {
  local example=testdata/examples/train_gan.cpp
  echo "== ampify check $example (LibTorch's headers are found automatically)"
  # Exit code 1 means findings, which this example has on purpose.
  "$BUILD_DIR"/tool/ampify check "$example" || [ $? -eq 1 ]
  if "$BUILD_DIR"/tool/ampify fix --help >/dev/null 2>&1; then
    echo "== ampify fix --diff $example (the migration, not written)"
    "$BUILD_DIR"/tool/ampify fix --diff "$example"
  fi
}

case "${1:-}" in
  main)
    install_missing
    build ampify_product # the tool, the clang-tidy plugin and the runtime; no test binaries
    run_main
    ;;
  test)
    install_missing test
    install_test_tools
    build all -DAMPIFY_TEST_TOOLS="$TEST_TOOLS_DIR/node_modules"
    echo "== running the tests"
    ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$(nproc)"
    ;;
  *)
    echo "usage: $0 main|test" >&2
    exit 2
    ;;
esac
