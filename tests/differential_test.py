#!/usr/bin/env python3
"""The three front ends report the same findings: `ampify check`, `ampify lsp` and clang-tidy-19
with libampify-tidy.so loaded, over every given input (testdata/ and the bench corpus).

Each input is analysed by each front end with the same flags and the options of its
`// AMPIFY: check ...` directive (inputs whose directive is another command are checked with the
defaults); the findings are compared as (file, line, rule). On the mock tier all three run; on a
real tier (LibTorch's headers through a precompiled header) check and clang-tidy run, and the LSP
server too with --lsp (it builds its own preamble per file, which costs a full parse).

clang-tidy does not see .cu inputs: clang 19's CUDA wrapper headers do not parse against the
installed CUDA 13 (texture_fetch_functions.h is gone), which ampify works around with its own
host-side declarations (tool/DriverCudaHeaders.inc) that a clang-tidy run cannot load.

It fails on any difference, and when no front end found anything at all (a plugin that did not
load, a server that published nothing).
"""
import argparse
import collections
import json
import os
import re
import resource
import shlex
import subprocess
import sys

import lsp_client
from lsp_client import uri

FINDING = re.compile(r"^(?P<file>[^\s:][^:\n]*):(?P<line>\d+):\d+: (?:warning|error): .* \[(?P<rule>ampify-[\w-]+)\]$",
                     re.M)


def directive_options(text):
    """The --checks/--check-option of the file's `// AMPIFY: check` directive."""
    directive = re.search(r"^//\s*AMPIFY:\s*(.*)$", text, re.M)
    command = shlex.split(directive.group(1)) if directive else ["check"]
    if command[0] != "check":
        return "ampify-*", {}
    checks, options = "ampify-*", {}
    for arg in command[1:]:
        if arg.startswith("--checks="):
            checks = arg[len("--checks="):]
        elif arg.startswith("--check-option="):
            key, _, value = arg[len("--check-option="):].partition("=")
            options[key] = value
    return checks, options


def as_set(output):
    return sorted({(os.path.basename(m["file"]), int(m["line"]), m["rule"]) for m in FINDING.finditer(output)})


CPU_SECONDS = collections.Counter()  # front end -> CPU seconds of its processes


def run(cmd, front_end):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    CPU_SECONDS[front_end] += (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return result


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ampify", required=True)
    ap.add_argument("--clang-tidy", required=True)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--tier", choices=["mock", "real"], required=True)
    ap.add_argument("--mock-prefix", help="the mock tier's LibTorch prefix")
    ap.add_argument("--torch-include", action="append", default=[],
                    help="a real tier's include directories (-isystem), in order")
    ap.add_argument("--pch", help="a real tier's precompiled <torch/torch.h>")
    ap.add_argument("--runtime-include", required=True, help="runtime/include (<ampify/amp.h>)")
    ap.add_argument("--lsp", action="store_true", help="also run the LSP server on a real tier")
    ap.add_argument("inputs", nargs="+", help="files or directories of .cpp/.cu inputs")
    args = ap.parse_args()

    files = []
    for path in args.inputs:
        if os.path.isdir(path):
            files += sorted(os.path.join(path, f) for f in os.listdir(path) if f.endswith((".cpp", ".cu")))
        else:
            files.append(path)

    if args.tier == "mock":
        mock = os.path.abspath(args.mock_prefix)
        includes = [os.path.join(mock, "include"), os.path.join(mock, "include/torch/csrc/api/include")]
        ampify_flags = ["--torch-prefix=" + mock]
    else:
        # ampify finds LibTorch's headers itself; clang-tidy is given the same directories.
        includes = args.torch_include + [args.runtime_include]
        ampify_flags = ["--extra-arg=-isystem" + args.runtime_include]
        ampify_flags += ["--extra-arg=-include-pch", "--extra-arg=" + args.pch] if args.pch else []
    compile_flags = ["-std=c++17"] + [f for d in includes for f in ("-isystem", d)]
    if args.tier == "real" and args.pch:
        compile_flags += ["-include-pch", args.pch]
    use_lsp = args.tier == "mock" or args.lsp

    failures = []
    total = collections.Counter()
    by_options = collections.defaultdict(list)
    if args.tier == "real":  # inputs written against the mocks' shapes only say so
        files = [f for f in files if not re.search(r"^//\s*AMPIFY-TIERS:\s*mock\s*$", open(f).read(), re.M)]
        # A CUDA parse cannot load the C++ precompiled header, and clang-tidy does not parse .cu
        # files (above): on a real tier a .cu input would compare `check` with nothing.
        files = [f for f in files if not f.endswith(".cu")]
    for path in files:
        by_options[json.dumps(directive_options(open(path).read()))].append(path)

    for key, group in sorted(by_options.items()):
        checks, options = json.loads(key)
        option_args = ["--check-option=%s=%s" % kv for kv in sorted(options.items())]
        results = {path: {} for path in group}
        for path in group:
            ours = run([args.ampify, "check", "--color=never", "--quiet", "--no-cache", "--checks=" + checks,
                        *option_args, *ampify_flags, path], "check")
            if ours.returncode not in (0, 1):
                failures.append("%s: ampify check failed (%d):\n%s" % (path, ours.returncode, ours.stderr))
                continue
            results[path]["check"] = as_set(ours.stdout)
            if path.endswith(".cu"):
                continue
            tidy_config = ["-config=" + json.dumps({"CheckOptions": options})] if options else []
            tidy = run([args.clang_tidy, "-load", args.plugin, "-checks=-*," + checks, *tidy_config, path,
                        "--", *compile_flags], "clang-tidy")
            if tidy.returncode != 0 and " error: " in tidy.stdout:
                failures.append("%s: clang-tidy failed (%d):\n%s%s" % (path, tidy.returncode, tidy.stdout,
                                                                       tidy.stderr))
                continue
            results[path]["clang-tidy"] = as_set(tidy.stdout)
        if use_lsp:
            server_args = ["--checks=" + checks, *option_args]
            server_args += ["--torch-prefix=" + mock] if args.tier == "mock" else ampify_flags
            client = lsp_client.Client(args.ampify, *server_args)
            client.request("initialize", {"processId": None, "rootUri": uri(os.path.dirname(group[0])),
                                          "capabilities": {}})
            client.notify("initialized", {})
            for path in group:
                client.notify("textDocument/didOpen", {"textDocument": {
                    "uri": uri(os.path.abspath(path)), "languageId": "cpp", "version": 1,
                    "text": open(path).read()}})
                published = client.diagnostics(os.path.abspath(path))
                results[path]["lsp"] = sorted({(os.path.basename(path), d["range"]["start"]["line"] + 1, d.get("code"))
                                               for d in published["diagnostics"]
                                               if str(d.get("code", "")).startswith("ampify-")})
                client.notify("textDocument/didClose", {"textDocument": {"uri": uri(os.path.abspath(path))}})
            client.finish()
        for path, by_front_end in results.items():
            expected = (3 if use_lsp else 2) - path.endswith(".cu")
            if len(by_front_end) < expected:
                continue  # its failure is already recorded
            reference = by_front_end["check"]
            total["findings"] += len(reference)
            for front_end, found in by_front_end.items():
                if found != reference:
                    failures.append("%s: %s differs from ampify check\n  check: %s\n  %s: %s" % (
                        path, front_end, reference, front_end, found))
            total["files"] += 1

    print("%d inputs, %d findings, front ends: check, clang-tidy%s; %d differences" % (
        total["files"], total["findings"], ", lsp" if use_lsp else "", len(failures)))
    print("CPU seconds: check %.1f, clang-tidy with the plugin %.1f" % (CPU_SECONDS["check"], CPU_SECONDS["clang-tidy"]))
    # The plugin narrows clang-tidy's walk to the user's declarations when only ampify's checks
    # run; without that it walks every declaration of the precompiled LibTorch headers, about 5x
    # the CPU of `ampify check` on the real tier.
    if args.tier == "real" and CPU_SECONDS["clang-tidy"] > 2 * CPU_SECONDS["check"]:
        failures.append("clang-tidy with the plugin took %.1f s of CPU, over twice ampify check's %.1f s: "
                        "does the plugin still narrow the walk to the user's declarations?" % (
                            CPU_SECONDS["clang-tidy"], CPU_SECONDS["check"]))
    if failures:
        sys.stderr.write("FAIL:\n" + "\n".join(failures) + "\n")
        return 1
    if total["findings"] == 0:
        sys.stderr.write("FAIL: no front end reported any finding; is the plugin loaded?\n")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
