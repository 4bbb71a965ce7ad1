#!/usr/bin/env python3
"""bench/scan: ampify check at codebase scale against the parsing floor and clang-tidy.

Builds a corpus of LibTorch TUs in a temporary directory (the testdata programs plus variants
generated from them), writes its compile_commands.json, and measures with the same -j:
  floor      clang++-19 -fsyntax-only on every TU (xargs -P)
  tidy       run-clang-tidy-19 with one trivial check
  cold       ampify check, empty cache (builds the shared preamble)
  warm       ampify check again (result cache)
  touched    ampify check after editing one TU
  one-pch    clang++-19 -fsyntax-only of one TU with the precompiled <torch/torch.h>
and prints the ratios against the targets of docs/scale.md.

  python3 bench/scan/run.py --ampify build/tool/ampify [-j N] [--tus 32]
"""
import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TORCH_API = "/usr/include/torch/csrc/api/include"
# The testdata programs include <ampify/amp.h>, the runtime's header, as migrated code does.
RUNTIME_INCLUDE = os.path.join(ROOT, "runtime", "include")
FLAGS = ["-std=c++17", "-isystem", TORCH_API, "-isystem", RUNTIME_INCLUDE]


def corpus(dest, count):
    sources = [p for p in sorted(glob.glob(os.path.join(ROOT, "testdata", "**", "*.cpp"), recursive=True))
               if "/mock/" not in p and "<torch/torch.h>" in open(p).read()]
    files = []
    for i in range(count):
        src = sources[i % len(sources)]
        text = open(src).read()
        variant = i // len(sources)
        # A variant is the program plus a distinct declaration of its own: a different file with
        # different content, the same headers.
        text += "\nnamespace ampify_bench_variant_%d { int marker = %d; }\n" % (variant, i)
        path = os.path.join(dest, "v%d_%s" % (variant, os.path.basename(src)))
        with open(path, "w") as f:
            f.write(text)
        files.append(path)
    db = [{"directory": dest, "file": f,
           "command": " ".join(["clang++-19", *FLAGS, "-c", f, "-o", f + ".o"])} for f in files]
    with open(os.path.join(dest, "compile_commands.json"), "w") as f:
        json.dump(db, f, indent=1)
    return files


def timed(cmd, **kw):
    start = time.monotonic()
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)
    return time.monotonic() - start, r


def peak_rss_mib(stderr):
    m = re.search(r"peak worker RSS (\d+) MiB", stderr)
    return int(m.group(1)) if m else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ampify", required=True)
    ap.add_argument("-j", type=int, default=os.cpu_count())
    ap.add_argument("--tus", type=int, default=32)
    args = ap.parse_args()

    work = tempfile.mkdtemp(prefix="ampify-bench-scan-")
    src = os.path.join(work, "src")
    os.makedirs(src)
    files = corpus(src, args.tus)
    cache = os.path.join(work, "cache")
    print("corpus: %d TUs in %s, -j %d" % (len(files), src, args.j), flush=True)

    flags = FLAGS
    floor, r = timed(["xargs", "-P", str(args.j), "-n", "1", "clang++-19", "-fsyntax-only", *flags],
                     input="\n".join(files))
    assert r.returncode == 0, r.stderr[-2000:]
    print("floor   clang++-19 -fsyntax-only: %7.1f s" % floor, flush=True)

    tidy, r = timed(["run-clang-tidy-19", "-p", src, "-j", str(args.j), "-quiet",
                     "-checks=-*,misc-unused-alias-decls", *files])
    print("tidy    run-clang-tidy-19:        %7.1f s (exit %d)" % (tidy, r.returncode), flush=True)

    check = [args.ampify, "check", "-p", src, "-j", str(args.j), "--cache-dir=" + cache, "--verbose",
             "--fail-on=none", "--color=never"]
    cold, rc = timed(check)
    assert rc.returncode == 0, rc.stderr[-3000:]
    print("cold    ampify check:             %7.1f s  peak worker RSS %s MiB" % (cold, peak_rss_mib(rc.stderr)), flush=True)
    warm, rw = timed(check)
    assert rw.returncode == 0 and rw.stdout == rc.stdout, rw.stderr[-3000:]
    print("warm    ampify check:             %7.1f s  (%s)" % (warm, re.search(r"\d+ TU\(s\):[^;]*", rw.stderr).group(0)), flush=True)
    with open(files[0], "a") as f:
        f.write("\n// touched\n")
    touched, rt = timed(check)
    assert rt.returncode == 0, rt.stderr[-3000:]
    print("touched ampify check, 1 file:     %7.1f s  (%s)" % (touched, re.search(r"\d+ TU\(s\):[^;]*", rt.stderr).group(0)), flush=True)

    pch = os.path.join(work, "torch.pch")
    # The reference TU is parsed with the kind of preamble ampify builds (templates instantiated
    # in the pch), so "one changed file" is compared with the best clang can do for one TU.
    pch_build, r = timed(["clang++-19", "-x", "c++-header", *flags, "-fpch-instantiate-templates",
                          os.path.join(TORCH_API, "torch", "torch.h"), "-o", pch])
    one_pch, r = timed(["clang++-19", "-fsyntax-only", *flags, "-include-pch", pch, files[1]])
    assert r.returncode == 0, r.stderr[-2000:]
    print("one-pch clang++-19, 1 TU + pch:   %7.1f s  (pch built in %.1f s)" % (one_pch, pch_build), flush=True)

    same, rs = timed([args.ampify, "check", "-p", src, "-j", str(args.j), "--no-cache", "--no-preamble",
                      "--fail-on=none", "--color=never"])
    # The cold run (preamble) and the touched run (cache + preamble) must report exactly what a
    # run with neither does (the touched file only gained a comment at its end).
    identical = rs.returncode == 0 and rs.stdout == rc.stdout == rt.stdout
    print("findings identical without cache and preamble: %s (%d lines)" % (identical, len(rs.stdout.splitlines())))
    print()
    rss = peak_rss_mib(rc.stderr) or 0
    rows = [("cold / clang-tidy", cold / tidy, "<= 0.25", cold / tidy <= 0.25),
            ("warm re-run", warm, "<= 2 s", warm <= 2),
            ("one changed file / one TU with pch", touched / one_pch, "<= 1.5", touched / one_pch <= 1.5),
            ("peak RSS per worker (MiB)", rss, "<= 1024", rss <= 1024),
            ("identical findings without cache/preamble", float(identical), "== 1", identical),
            ("cold / parsing floor", cold / floor, "(info)", True),
            ("ampify without cache or preamble / floor", same / floor, "(info)", True)]
    for name, value, target, ok in rows:
        print("%-42s %8.2f  target %-8s %s" % (name, value, target, "ok" if ok else "MISSED"))
    shutil.rmtree(work, ignore_errors=True)
    return 0 if all(ok for _, _, _, ok in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
