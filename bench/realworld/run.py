#!/usr/bin/env python3
"""Runs `ampify fix` over the multi-file projects of bench/realworld/ (written for ampify, in the
shapes of public LibTorch tutorials and examples) and checks what a user would check:

  1. each project is copied to a scratch directory and configured with CMake against Debian's
     LibTorch (find_package(Torch)), which writes its compile_commands.json;
  2. `ampify fix -p build` migrates every TU of the database;
  3. each migrated source compiles: clang++-19 -fsyntax-only with the database's own flags plus
     the runtime's headers (runtime/include);
  4. a second `ampify fix` changes nothing (idempotent);
  5. every training loop is reported, migrated or refused with the reason ampify gave.

  python3 bench/realworld/run.py [--ampify build/tool/ampify] [--keep DIR] [--corpus DIR] [--fix-hazards]
                                 [PROJECT...]
Prints one line per loop and per check, and a summary; exit 0 when every migrated file compiles
and every run is idempotent, 1 otherwise. `--corpus DIR` runs another corpus of projects (such as
the held-out bench/realworld/heldout/); when it has an EXPECTED.json whose "loops" label each loop
[file, line, "migrate" | "refuse", why], the summary also scores ampify's outcomes against them.
"""
import argparse
import glob
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FINDING = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):\d+: (?P<kind>note|warning): (?P<message>training loop (?:not )?migrated[^\n]*)", re.M)


def run(cmd, cwd=None):
    return subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def configure(source, build):
    """CMake's configuration of the project at `source` into `build` against Debian's LibTorch
    (find_package(Torch)), with clang++-19: `build`/compile_commands.json, the flags a user's `-p`
    gives ampify (the project's include paths and compile definitions). The CompletedProcess."""
    return run(["cmake", "-S", source, "-B", build, "-G", "Ninja", "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON",
                "-DCMAKE_CXX_COMPILER=clang++-19"])


def digest_tree(path):
    out = {}
    for f in sorted(glob.glob(os.path.join(path, "**", "*"), recursive=True)):
        if os.path.isfile(f) and "/build/" not in f:
            out[os.path.relpath(f, path)] = hashlib.sha256(open(f, "rb").read()).hexdigest()
    return out


def syntax_check(entry, runtime_include):
    args = entry["arguments"] if "arguments" in entry else shlex.split(entry["command"])
    kept = ["clang++-19", "-fsyntax-only", "-isystem", runtime_include]
    skip = False
    for a in args[1:]:
        if skip:
            skip = False
            continue
        if a in ("-o", "-c"):
            skip = a == "-o"
            continue
        kept.append(a)
    return run(kept, cwd=entry["directory"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ampify", default=os.path.join(ROOT, "build", "tool", "ampify"))
    ap.add_argument("--keep", help="leave the migrated projects in this directory")
    ap.add_argument("--corpus", default=HERE)
    ap.add_argument("--fix-hazards", action="store_true",
                    help="pass --fix-hazards to ampify fix: also apply the fix-its of the hazards the "
                         "migration puts under autocast (what a program that is to run on CUDA needs)")
    ap.add_argument("projects", nargs="*")
    args = ap.parse_args()
    ampify = os.path.abspath(args.ampify)
    corpus = os.path.abspath(args.corpus)
    projects = args.projects or sorted(d for d in os.listdir(corpus)
                                       if os.path.isfile(os.path.join(corpus, d, "CMakeLists.txt")))
    labels_path = os.path.join(corpus, "EXPECTED.json")
    labels = json.load(open(labels_path)).get("loops", {}) if os.path.isfile(labels_path) else None
    outcomes = {}  # (project, file, line) -> "migrate" | "refuse"
    runtime_include = os.path.join(ROOT, "runtime", "include")
    scratch = args.keep or tempfile.mkdtemp(prefix="ampify-realworld-")
    os.makedirs(scratch, exist_ok=True)
    ok = True
    migrated = refused = 0
    try:
        for name in projects:
            work = os.path.join(scratch, name)
            shutil.rmtree(work, ignore_errors=True)
            shutil.copytree(os.path.join(corpus, name), work)
            r = configure(work, os.path.join(work, "build"))
            if r.returncode != 0:
                print("%s: cmake failed\n%s" % (name, r.stderr[-2000:]))
                ok = False
                continue
            database = json.load(open(os.path.join(work, "build", "compile_commands.json")))
            fix = [ampify, "fix", "--color=never", "-p", os.path.join(work, "build"),
                   "--extra-arg=-isystem" + runtime_include] + (["--fix-hazards"] if args.fix_hazards else [])
            first = run(fix)
            print("== %s: ampify fix exit %d" % (name, first.returncode))
            for m in FINDING.finditer(first.stdout + first.stderr):
                rel = os.path.relpath(m.group("file"), work)
                is_migrated = m.group("message").startswith("training loop migrated to mixed precision")
                if m.group("message").startswith("training loop migrated,"):
                    print("   %s:%s  warning: %s" % (rel, m.group("line"), m.group("message")))
                    continue
                migrated += is_migrated
                refused += not is_migrated
                outcomes[(name, rel, int(m.group("line")))] = "migrate" if is_migrated else "refuse"
                print("   %s:%s  %s: %s" % (rel, m.group("line"), "MIGRATED" if is_migrated else "REFUSED",
                                           m.group("message")))
            if first.returncode == 2:
                print(first.stderr[-3000:])
                ok = False
            for entry in database:
                r = syntax_check(entry, runtime_include)
                rel = os.path.relpath(entry["file"], work)
                print("   compiles after the fix: %s %s" % (rel, "yes" if r.returncode == 0 else "NO"))
                if r.returncode != 0:
                    print(r.stderr[-3000:])
                    ok = False
            before = digest_tree(work)
            second = run(fix)
            same = digest_tree(work) == before and "migrated to mixed precision" not in second.stdout
            print("   second run changes nothing: %s" % ("yes" if same else "NO"))
            ok &= same
    finally:
        if not args.keep:
            shutil.rmtree(scratch, ignore_errors=True)
    if labels is not None:
        agree = 0
        total = 0
        def outcome(name, file, line):
            # ampify reports a loop at its backward() call: the label is the loop's first line, so
            # a report belongs to the last label of its file at or above it.
            starts = sorted(l for f, l, _, _ in labels.get(name, []) if f == file)
            for (project, path, reported), result in outcomes.items():
                if project == name and path == file and reported >= line and \
                        max(s for s in starts if s <= reported) == line:
                    return result
            return "not reported"

        for name in projects:
            for file, line, want, why in labels.get(name, []):
                total += 1
                got = outcome(name, file, line)
                agree += got == want
                if got != want:
                    print("label %s %s:%d: expected %s, ampify: %s (%s)" % (name, file, line, want, got, why))
        wanted = sum(1 for name in projects for l in labels.get(name, []) if l[2] == "migrate")
        done = sum(1 for name in projects for f, l, w, _ in labels.get(name, [])
                   if w == "migrate" and outcome(name, f, l) == "migrate")
        print("labels: %d of %d loops as labelled; loops to migrate migrated: %d of %d" % (agree, total, done, wanted))
    print("summary: %d training loop(s) migrated, %d refused; %s" % (
        migrated, refused, "all migrated files compile and every run is idempotent" if ok else "FAILURES above"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
