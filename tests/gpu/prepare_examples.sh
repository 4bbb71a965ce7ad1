#!/usr/bin/env bash
# Runs on the development machine (it has Clang; the GPU machine does not): produces the migrated
# example programs with ampify itself, never by hand.
#   .gpu-examples/fp16/*.cpp   ampify fix, then ampify check --fix (the fix-its of the hazards
#                              that the new autocast regions expose)
#   .gpu-examples/bf16/*.cpp   ampify fix --dtype=bf16, then ampify check --fix
# The folder (AMPIFY_EXAMPLES_DIR overrides it) is git-ignored; the device call carries it:
# run(carry=[".gpu-examples"]).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
AMPIFY=${AMPIFY:-$ROOT/build/tool/ampify}
OUT=${AMPIFY_EXAMPLES_DIR:-$ROOT/.gpu-examples}
rm -rf "$OUT"
for dtype in fp16 bf16; do
  mkdir -p "$OUT/$dtype"
  cp "$ROOT"/examples/*.cpp "$ROOT"/examples/*.h "$OUT/$dtype/"
  # The migration, then the fix-its of what now runs under autocast (e.g. a -1e9 attention mask
  # that overflows fp16), as a user would: migrate, then check.
  # `ampify fix` exits 1 when it printed a warning, e.g. a hazard the new autocast region exposes
  # (the fp16 transformer's -1e9 mask: docs/fix.md), which the check --fix below then fixes; only
  # 2 (usage, code that does not compile) stops this script.
  rc=0
  "$AMPIFY" fix --dtype="$dtype" "$OUT/$dtype" > "$OUT/$dtype.fix.txt" 2>&1 || rc=$?
  [ $rc -le 1 ] || { echo "ampify fix --dtype=$dtype exited $rc:"; tail -n 20 "$OUT/$dtype.fix.txt"; exit $rc; }
  "$AMPIFY" check --fix --fail-on=none --color=never --extra-arg=-isystem"$ROOT/runtime/include" "$OUT/$dtype" > "$OUT/$dtype.check.txt" 2>&1
  (cd "$OUT/$dtype" && for f in *.cpp; do diff -u "$ROOT/examples/$f" "$f" || true; done) > "$OUT/$dtype.diff"
done
echo "migrated examples in $OUT (diffs: $OUT/fp16.diff, $OUT/bf16.diff)"
