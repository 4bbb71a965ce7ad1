#!/usr/bin/env python3
"""bench/scan: ampify check at codebase scale against clang-tidy, side by side in one run.

Builds a corpus of LibTorch TUs in a temporary project (the testdata programs plus variants
generated from them, each a distinct file; a VCS root) with two compile_commands.json over the same
files: one names LibTorch's include directory with -I (what include_directories(${TORCH_INCLUDE_DIRS})
writes), one with -isystem (an imported target). With the same -j it measures:
  tidy -I        run-clang-tidy-19 with one trivial check (-I database)
  cold -I        ampify check, empty cache (builds the shared preamble)
  tidy -isystem  run-clang-tidy-19 (-isystem database)
  cold -isystem  ampify check, empty cache
  warm           ampify check again (-I; result cache)
  touched        ampify check after editing one TU (-I)
  no preamble    ampify check --no-cache --no-preamble (-I): every TU parses its headers
  one-pch        clang++-19 -fsyntax-only of one TU with the precompiled <torch/torch.h>
  floor          (--floor) clang++-19 -fsyntax-only on every TU
and prints the ratios against the targets of docs/scale.md. With --own-header every TU starts with
the project's own header (`#include "project.h"`, which includes <torch/torch.h>), as most
projects' files do, instead of with <torch/torch.h>.

  python3 bench/scan/run.py --ampify build/tool/ampify [-j N] [--tus 12] [--floor] [--own-header]
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
STYLES = ("-I", "-isystem")


def flags(style):
    return ["-std=c++17", style, TORCH_API, style, RUNTIME_INCLUDE]


def corpus(project, count, own_header):
    """`count` TUs under project/src, and project/build-I and project/build-isystem each with a
    compile_commands.json for them; with `own_header`, each TU's `#include <torch/torch.h>` is
    `#include "project.h"`, a header of the project that includes it."""
    os.makedirs(os.path.join(project, ".git"))  # a project under version control
    dest = os.path.join(project, "src")
    os.makedirs(dest)
    if own_header:
        with open(os.path.join(dest, "project.h"), "w") as f:
            f.write("#pragma once\n#include <torch/torch.h>\n")
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
        if own_header:
            text = text.replace("#include <torch/torch.h>", '#include "project.h"', 1)
        path = os.path.join(dest, "v%d_%s" % (variant, os.path.basename(src)))
        with open(path, "w") as f:
            f.write(text)
        files.append(path)
    for style in STYLES:
        build = os.path.join(project, "build" + style)
        os.makedirs(build)
        db = [{"directory": build, "file": f,
               "command": " ".join(["clang++-19", *flags(style), "-c", f, "-o", os.path.basename(f) + ".o"])}
              for f in files]
        with open(os.path.join(build, "compile_commands.json"), "w") as f:
            json.dump(db, f, indent=1)
    return files


def timed(cmd, **kw):
    start = time.monotonic()
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)
    return time.monotonic() - start, r


def peak_rss_mib(stderr):
    m = re.search(r"peak worker RSS (\d+) MiB", stderr)
    return int(m.group(1)) if m else None


def summary(stderr):
    return re.search(r"\d+ TU\(s\):.*", stderr).group(0)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ampify", required=True)
    ap.add_argument("-j", type=int, default=os.cpu_count())
    ap.add_argument("--tus", type=int, default=12)
    ap.add_argument("--floor", action="store_true", help="also time clang++-19 -fsyntax-only on every TU")
    ap.add_argument("--own-header", action="store_true",
                    help="every TU starts with the project's own header, which includes <torch/torch.h>")
    args = ap.parse_args()

    work = tempfile.mkdtemp(prefix="ampify-bench-scan-")
    project = os.path.join(work, "proj")
    files = corpus(project, args.tus, args.own_header)
    build = {style: os.path.join(project, "build" + style) for style in STYLES}
    print("corpus: %d TUs in %s, -j %d; load average before: %s" %
          (len(files), project, args.j, " ".join(open("/proc/loadavg").read().split()[:3])), flush=True)

    def check(style, *extra):
        return [args.ampify, "check", "-p", build[style], "-j", str(args.j), "--verbose", "--fail-on=none",
                "--color=never", *extra]

    tidy, cold, cold_run = {}, {}, {}
    for style in STYLES:
        tidy[style], r = timed(["run-clang-tidy-19", "-p", build[style], "-j", str(args.j), "-quiet",
                                "-checks=-*,misc-unused-alias-decls", *files])
        print("tidy %-8s run-clang-tidy-19:      %7.1f s (exit %d)" % (style, tidy[style], r.returncode), flush=True)
        cache = os.path.join(work, "cache" + style)
        cold[style], cold_run[style] = timed(check(style, "--cache-dir=" + cache))
        assert cold_run[style].returncode == 0, cold_run[style].stderr[-3000:]
        print("cold %-8s ampify check:           %7.1f s  %s" % (style, cold[style], summary(cold_run[style].stderr)),
              flush=True)

    cache = "--cache-dir=" + os.path.join(work, "cache-I")
    warm, rw = timed(check("-I", cache))
    assert rw.returncode == 0 and rw.stdout == cold_run["-I"].stdout, rw.stderr[-3000:]
    print("warm    ampify check:             %7.1f s  (%s)" % (warm, summary(rw.stderr)), flush=True)
    with open(files[0], "a") as f:
        f.write("\n// touched\n")
    touched, rt = timed(check("-I", cache))
    assert rt.returncode == 0, rt.stderr[-3000:]
    print("touched ampify check, 1 file:     %7.1f s  (%s)" % (touched, summary(rt.stderr)), flush=True)

    plain, rs = timed(check("-I", "--no-cache", "--no-preamble"))
    assert rs.returncode == 0, rs.stderr[-3000:]
    print("no preamble ampify check -I:      %7.1f s  (%s)" % (plain, summary(rs.stderr)), flush=True)

    pch = os.path.join(work, "torch.pch")
    # The reference TU is parsed with the kind of preamble ampify builds (templates instantiated
    # in the pch), so "one changed file" is compared with the best clang can do for one TU.
    pch_build, r = timed(["clang++-19", "-x", "c++-header", *flags("-isystem"), "-fpch-instantiate-templates",
                          os.path.join(TORCH_API, "torch", "torch.h"), "-o", pch])
    one_pch, r = timed(["clang++-19", "-fsyntax-only", *flags("-isystem"), "-include-pch", pch, files[1]])
    assert r.returncode == 0, r.stderr[-2000:]
    print("one-pch clang++-19, 1 TU + pch:   %7.1f s  (pch built in %.1f s)" % (one_pch, pch_build), flush=True)

    floor = None
    if args.floor:
        floor, r = timed(["xargs", "-P", str(args.j), "-n", "1", "clang++-19", "-fsyntax-only", *flags("-isystem")],
                         input="\n".join(files))
        assert r.returncode == 0, r.stderr[-2000:]
        print("floor   clang++-19 -fsyntax-only: %7.1f s" % floor, flush=True)

    # Both cold runs (preamble), and the touched run (cache + preamble), must report exactly what a
    # run with neither does (the touched file only gained a comment at its end).
    identical = rs.stdout == cold_run["-I"].stdout == cold_run["-isystem"].stdout == rt.stdout
    print("findings identical (-I and -isystem, with and without cache and preamble): %s (%d lines)" %
          (identical, len(rs.stdout.splitlines())))
    print("load average after: %s" % " ".join(open("/proc/loadavg").read().split()[:3]))
    print()
    rss = max(peak_rss_mib(cold_run[s].stderr) or 0 for s in STYLES)
    rows = [("cold -I / clang-tidy", cold["-I"] / tidy["-I"], "<= 0.25", cold["-I"] / tidy["-I"] <= 0.25),
            ("cold -isystem / clang-tidy", cold["-isystem"] / tidy["-isystem"], "<= 0.25",
             cold["-isystem"] / tidy["-isystem"] <= 0.25),
            ("cold without preamble / clang-tidy -I", plain / tidy["-I"], "(info)", True),
            ("warm re-run (s)", warm, "<= 1 s", warm <= 1),
            ("warm / clang-tidy -I", warm / tidy["-I"], "(info)", True),
            ("one changed file / clang-tidy -I", touched / tidy["-I"], "(info)", True),
            ("one changed file / one TU with pch", touched / one_pch, "<= 1.5", touched / one_pch <= 1.5),
            ("peak RSS per worker (MiB)", rss, "<= 1024", rss <= 1024),
            ("identical findings", float(identical), "== 1", identical)]
    if floor:
        rows.append(("cold -I / parsing floor", cold["-I"] / floor, "(info)", True))
    for name, value, target, ok in rows:
        print("%-42s %8.2f  target %-8s %s" % (name, value, target, "ok" if ok else "MISSED"))
    shutil.rmtree(work, ignore_errors=True)
    return 0 if all(ok for _, _, _, ok in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
