#!/usr/bin/env python3
"""bench/lsp: time from opening a LibTorch file in an editor to its first diagnostics, for
`ampify lsp` and for clangd-19, with the same client, file and compile_commands.json, side by side
in one run:

  clangd-19        a new clangd session (it builds its preamble, then parses the file)
  ampify cold      a new `ampify lsp` session with an empty cache: it builds the shared library
                   preamble (and leaves it in the cache), then the document's own
  ampify cached    a new `ampify lsp` session on the same file after an earlier run (the cold
                   session above, or `ampify check`) left the preamble in the cache
  ampify re-check  in that session, the time to new diagnostics after an edit of the body

Rounds alternate the servers so that a load change on a shared machine hits them alike; the
figures are medians.

  python3 bench/lsp/run.py --ampify build/tool/ampify --clangd clangd-19 [--rounds 2]
"""
import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tests"))
import lsp_client  # noqa: E402  (the tests' LSP client, shared)

SOURCE = os.path.join(ROOT, "testdata", "rules", "ampify-banned-under-autocast.cpp")
TORCH_API = "/usr/include/torch/csrc/api/include"
RUNTIME_INCLUDE = os.path.join(ROOT, "runtime", "include")


def open_and_wait(command, project, path, edit=False):
    """Seconds from didOpen to the first diagnostics (and, with `edit`, from a didChange to the
    next ones)."""
    server = lsp_client.Client(command=command, cwd=project)
    server.initialize(project)
    text = open(path).read()
    start = time.monotonic()
    server.notify("textDocument/didOpen", {"textDocument": {"uri": lsp_client.uri(path), "languageId": "cpp",
                                                            "version": 1, "text": text}})
    diagnostics = server.diagnostics(path, timeout=900)["diagnostics"]
    first = time.monotonic() - start
    recheck = None
    if edit:
        start = time.monotonic()
        server.notify("textDocument/didChange", {"textDocument": {"uri": lsp_client.uri(path), "version": 2},
                                                 "contentChanges": [{"text": text + "\nint edited() { return 1; }\n"}]})
        server.diagnostics(path, version=2, timeout=900)
        recheck = time.monotonic() - start
    server.finish()
    return first, recheck, len(diagnostics), server.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ampify", required=True)
    ap.add_argument("--clangd", default="clangd-19")
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    ampify = os.path.abspath(args.ampify)

    work = tempfile.mkdtemp(prefix="ampify-bench-lsp-")
    project = os.path.join(work, "proj")
    os.makedirs(os.path.join(project, ".git"))
    path = os.path.join(project, "train.cpp")
    shutil.copy(SOURCE, path)
    # include_directories(${TORCH_INCLUDE_DIRS}) style: LibTorch named with -I.
    with open(os.path.join(project, "compile_commands.json"), "w") as f:
        json.dump([{"directory": project, "file": path,
                    "arguments": ["clang++-19", "-std=c++17", "-I", TORCH_API, "-I", RUNTIME_INCLUDE,
                                  "-c", path, "-o", "train.o"]}], f)
    print("file: %s (a copy of %s), compile_commands.json with -I; load before: %s" %
          (path, os.path.relpath(SOURCE, ROOT), open("/proc/loadavg").read().split()[:3]), flush=True)

    times = {"clangd-19": [], "ampify cold": [], "ampify cached": [], "ampify re-check": []}
    counts = {}
    for round_ in range(args.rounds):
        cache = os.path.join(work, "cache%d" % round_)
        ampify_lsp = [ampify, "lsp", "--cache-dir=" + cache, "--verbose"]
        clangd = [args.clangd, "--background-index=false", "--log=error", "--compile-commands-dir=" + project]
        first, _, n, _ = open_and_wait(clangd, project, path)
        times["clangd-19"].append(first)
        counts["clangd-19"] = n
        print("round %d clangd-19 first diagnostics:     %6.2f s (%d diagnostics)" % (round_ + 1, first, n), flush=True)
        first, _, n, log = open_and_wait(ampify_lsp, project, path)
        times["ampify cold"].append(first)
        counts["ampify"] = n
        print("round %d ampify, nothing cached:          %6.2f s (%d diagnostics)" % (round_ + 1, first, n), flush=True)
        first, recheck, n, log = open_and_wait(ampify_lsp, project, path, edit=True)
        times["ampify cached"].append(first)
        times["ampify re-check"].append(recheck)
        print("round %d ampify, preamble cached:         %6.2f s (%d diagnostics); re-check after an edit %.2f s" %
              (round_ + 1, first, n, recheck), flush=True)
        sys.stdout.write("  server log: " + "  ".join(l for l in log if "ampify lsp:" in l))
    median = {k: statistics.median(v) for k, v in times.items()}
    print()
    print("medians of %d rounds; load after: %s" % (args.rounds, open("/proc/loadavg").read().split()[:3]))
    for name, value in median.items():
        print("%-26s %6.2f s" % (name, value))
    rows = [("cached / clangd-19", median["ampify cached"] / median["clangd-19"], "<= 0.25"),
            ("cached (s)", median["ampify cached"], "<= 3 s"),
            ("nothing cached / clangd-19", median["ampify cold"] / median["clangd-19"], "<= 1.0")]
    limits = [0.25, 3, 1.0]
    ok = True
    for (name, value, target), limit in zip(rows, limits):
        met = value <= limit
        ok = ok and met
        print("%-26s %6.2f  target %-8s %s" % (name, value, target, "ok" if met else "MISSED"))
    shutil.rmtree(work, ignore_errors=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
