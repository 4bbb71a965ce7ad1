#!/usr/bin/env bash
# Runs on the development machine (it has Clang; the GPU machine does not): migrates the corpus
# projects with `ampify fix --fix-hazards` through bench/realworld/run.py --keep (which configures
# each copy with CMake, runs `ampify fix -p build`, checks that the result compiles and that a
# second run changes nothing), and lays out, in a git-ignored folder (EQUIV_RUNS, default .realworld-runs/):
#   <corpus>/<project>/original/   the project as it is in the repository
#   <corpus>/<project>/migrated/   run.py's migrated copy (its CMake build folder left out)
#   <corpus>/<project>/ampify.diff diff -ru original migrated
#   <corpus>.fix.txt               run.py's report (loops migrated/refused, compiles, idempotent)
#   data/                          synthetic data sets (datasets.py make), a few MB
#   <corpus> is "dev" (bench/realworld/*), or a corpus folder of bench/realworld/ ("heldout",
#   "heldout4": bench/realworld/heldout4/*).
#   bash bench/realworld/equivalence/prepare.sh [AMPIFY_BINARY]
# EQUIV_CORPORA="dev heldout" (the default) picks the corpora; they are migrated concurrently
# (each run.py runs one ampify at a time), and only their folders are replaced.
# EQUIV_PROJECTS="arena_ppo_agent gridworld_a2c" keeps, of those corpora, only the projects named.
# The folder is small (about 10 MB) and self-contained: carry it to the GPU machine
# (run(carry=[".realworld-runs"])) and run run.sh there.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
AMPIFY=${1:-${AMPIFY:-$ROOT/build/tool/ampify}}
RUNS=${EQUIV_RUNS:-$ROOT/.realworld-runs}
[ -x "$AMPIFY" ] || { echo "no ampify binary at $AMPIFY (pass it as the first argument)"; exit 2; }
CORPORA=${EQUIV_CORPORA:-dev heldout}
mkdir -p "$RUNS"
status=0
source_of() { if [ "$1" = dev ]; then echo "$ROOT/bench/realworld"; else echo "$ROOT/bench/realworld/$1"; fi; }
# The projects of EQUIV_PROJECTS that corpus $1 holds, one per line.
named_in() { for p in ${EQUIV_PROJECTS:-}; do [ ! -d "$(source_of "$1")/$p" ] || echo "$p"; done; }
if [ -n "${EQUIV_PROJECTS:-}" ]; then
  kept=""
  for corpus in $CORPORA; do [ -z "$(named_in $corpus)" ] || kept="$kept $corpus"; done
  CORPORA=$kept
  [ -n "$CORPORA" ] || { echo "none of EQUIV_PROJECTS ($EQUIV_PROJECTS) is in EQUIV_CORPORA"; exit 2; }
fi
pids=()
for corpus in $CORPORA; do
  rm -rf "$RUNS/$corpus" "$RUNS/.keep-$corpus" "$RUNS/$corpus.fix.txt"
  echo "=== $corpus: ampify fix ($(source_of $corpus)), report in $RUNS/$corpus.fix.txt"
  nice -n 10 python3 "$ROOT/bench/realworld/run.py" --ampify "$AMPIFY" --corpus "$(source_of $corpus)" \
    --keep "$RUNS/.keep-$corpus" --fix-hazards $(named_in $corpus) > "$RUNS/$corpus.fix.txt" 2>&1 &
  pids+=($!)
done
i=0
for corpus in $CORPORA; do
  src=$(source_of $corpus)
  keep=$RUNS/.keep-$corpus
  rc=0
  wait "${pids[$i]}" || rc=$?
  i=$((i + 1))
  echo "=== $corpus"
  grep -E "^(summary|labels):" "$RUNS/$corpus.fix.txt" || true
  # run.py exits 1 when a migrated file does not compile or a second run changes something: the
  # projects are still laid out, and run.sh reports what fails to build.
  [ $rc -eq 0 ] || { echo "run.py exited $rc: see $RUNS/$corpus.fix.txt"; status=1; }
  for dir in "$keep"/*/; do
    name=$(basename "$dir")
    dest=$RUNS/$corpus/$name
    mkdir -p "$dest"
    cp -r "$src/$name" "$dest/original"
    cp -r "$dir" "$dest/migrated"
    rm -rf "$dest/migrated/build"
    (cd "$dest" && diff -ru original migrated > ampify.diff || true)
    echo "   $name: $(grep -c '^[-+][^-+]' "$dest/ampify.diff" || true) changed lines"
  done
  rm -rf "$keep"
done
echo "=== data"
rm -rf "$RUNS/data"
nice -n 10 python3 "$HERE/datasets.py" make "$RUNS/data"
echo "prepared $RUNS ($(du -sh "$RUNS" | cut -f1))"
exit $status
