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
# LibTorch 2.6's headers for the third test tier: Debian trixie's libtorch-dev, unpacked here and
# never installed (its libraries need trixie's libc). tests/CMakeLists.txt looks here by default.
TORCH26_DIR=${AMPIFY_TORCH26_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/ampify-torch-2.6}
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

# Fetches trixie's libtorch-dev .deb with apt-get download through an apt configuration of our own
# (sources list, package lists and cache under $TORCH26_DIR/apt; the system's apt state is not
# touched) and unpacks it with dpkg -x into $TORCH26_DIR/root. Its headers need nothing else from
# trixie: beyond LibTorch's own tree they include only libc and libstdc++ headers. A re-run
# reuses the unpacked tree.
fetch_torch26() {
  local root=$TORCH26_DIR/root
  local version_h=$root/usr/include/torch/csrc/api/include/torch/version.h
  if [ -f "$TORCH26_DIR/unpacked" ] && [ -f "$version_h" ]; then
    return 0
  fi
  echo "== fetching Debian trixie's libtorch-dev 2.6 headers into $TORCH26_DIR (not installed)"
  local apt_dir=$TORCH26_DIR/apt
  mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$TORCH26_DIR/debs"
  # An empty package status: the candidate is trixie's, whatever this machine has installed.
  : > "$apt_dir/status"
  # bookworm's debian-archive-keyring holds trixie's signing keys.
  echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian trixie main" \
    > "$apt_dir/sources.list"
  local apt_options=(-o "Dir::Etc::sourcelist=$apt_dir/sources.list" -o Dir::Etc::sourceparts=-
                     -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::State::status=$apt_dir/status"
                     -o "Dir::Cache=$apt_dir/cache"
                     -o Acquire::Languages=none -o APT::Sandbox::User="$(id -un)")
  local log=$TORCH26_DIR/fetch.log
  if ! apt-get "${apt_options[@]}" --error-on=any update >"$log" 2>&1 ||
     ! (cd "$TORCH26_DIR/debs" && rm -f ./*.deb && apt-get "${apt_options[@]}" download libtorch-dev) >>"$log" 2>&1; then
    cat "$log" >&2
    echo "setup.sh: error: could not download Debian trixie's libtorch-dev (apt output above, kept in $log);" \
         "the real26 test tier needs it (set AMPIFY_TORCH26_DIR to reuse a fetched copy)" >&2
    exit 2
  fi
  local deb
  deb=$(ls "$TORCH26_DIR"/debs/libtorch-dev_*.deb)
  case "$(dpkg-deb -f "$deb" Version)" in
    2.6.*) ;;
    *) echo "setup.sh: error: $deb is not LibTorch 2.6 (trixie now ships $(dpkg-deb -f "$deb" Version))" >&2
       exit 2 ;;
  esac
  rm -rf "$root" "$TORCH26_DIR/unpacked"
  dpkg -x "$deb" "$root"
  [ -f "$version_h" ] || { echo "setup.sh: error: $deb holds no $version_h" >&2; exit 2; }
  basename "$deb" > "$TORCH26_DIR/unpacked"
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
    fetch_torch26
    build all -DAMPIFY_TEST_TOOLS="$TEST_TOOLS_DIR/node_modules" -DAMPIFY_TORCH26_PREFIX="$TORCH26_DIR/root/usr"
    echo "== running the tests"
    ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$(nproc)"
    ;;
  *)
    echo "usage: $0 main|test" >&2
    exit 2
    ;;
esac
