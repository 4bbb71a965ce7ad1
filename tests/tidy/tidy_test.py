#!/usr/bin/env python3
"""Runs testdata files through the real clang-tidy with libampify-tidy.so loaded and through
`ampify check`, and requires the same diagnostics (location, severity, message, notes) and the
same rewritten file from `clang-tidy --fix` as from `ampify check --fix`: the plugin runs the
same rules, not a copy.

Files whose `// AMPIFY:` directive is not `check` are skipped. At least one warning must come
out over all files, so a plugin that failed to load cannot pass.
"""
import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

CHECK_LINE = re.compile(r"//\s*CHECK-[A-Z0-9-]*:.*$", re.M)
DIAGNOSTIC = re.compile(r"^(?P<file>[^\s:][^:]*):(?P<line>\d+):(?P<col>\d+): (?P<level>warning|error|note): (?P<msg>.*)$", re.M)


def run(cmd):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def diagnostics(output):
    # clang-tidy --fix adds a note per applied fix-it; ampify check --fix says it once on stderr.
    return sorted((os.path.basename(m["file"]), int(m["line"]), int(m["col"]), m["level"], m["msg"])
                  for m in DIAGNOSTIC.finditer(output)
                  if m["msg"] != "FIX-IT applied suggested code changes")


def tidy_arguments(rest):
    """`ampify check` options of the directive as clang-tidy options."""
    checks, options = "ampify-*", {}
    for arg in rest:
        if arg.startswith("--checks="):
            checks = arg[len("--checks="):]
        elif arg.startswith("--check-option="):
            key, _, value = arg[len("--check-option="):].partition("=")
            options[key] = value
        else:
            raise SystemExit("tidy_test.py: no clang-tidy equivalent for directive option " + arg)
    args = ["-checks=" + checks]
    if options:
        args.append("-config=" + json.dumps({"CheckOptions": options}))
    return args


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--clang-tidy", required=True)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--ampify", required=True)
    ap.add_argument("--mock-prefix", required=True)
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()

    flags = ["-std=c++17", "-isystem", os.path.join(args.mock_prefix, "include"),
             "-isystem", os.path.join(args.mock_prefix, "include/torch/csrc/api/include")]
    warnings = 0
    failures = []
    for path in args.files:
        text = open(path).read()
        directive = re.search(r"^//\s*AMPIFY:\s*(.*)$", text, re.M)
        command = shlex.split(directive.group(1)) if directive else ["check"]
        if command[0] != "check":
            continue
        cleaned = CHECK_LINE.sub("//", text)
        work = tempfile.mkdtemp(prefix="ampify-tidy-test-")
        try:
            copies = []
            for sub in ("ampify", "tidy"):
                os.mkdir(os.path.join(work, sub))
                copies.append(os.path.join(work, sub, os.path.basename(path)))
                with open(copies[-1], "w") as f:
                    f.write(cleaned)
            ours = run([args.ampify, "check", "--color=never", "--torch-prefix=" + args.mock_prefix,
                        *command[1:], "--fix", copies[0]])
            if ours.returncode not in (0, 1):
                failures.append("%s: ampify check failed:\n%s" % (path, ours.stderr))
                continue
            tidy = run([args.clang_tidy, "-load", args.plugin, *tidy_arguments(command[1:]),
                        "--fix", copies[1], "--", *flags])
            if tidy.returncode != 0 or "error:" in tidy.stdout + tidy.stderr:
                failures.append("%s: clang-tidy failed (%d):\n%s%s" % (path, tidy.returncode,
                                                                       tidy.stdout, tidy.stderr))
                continue
            expected = diagnostics(ours.stdout)
            got = diagnostics(tidy.stdout)
            warnings += sum(1 for d in got if d[3] == "warning")
            if expected != got:
                failures.append("%s: diagnostics differ\n  ampify check:\n    %s\n  clang-tidy:\n    %s" % (
                    path, "\n    ".join(map(str, expected)), "\n    ".join(map(str, got))))
            fixed = [open(c).read() for c in copies]
            if fixed[0] != fixed[1]:
                diff = run(["diff", "-u", *copies]).stdout
                failures.append("%s: clang-tidy --fix and ampify check --fix rewrote it differently:\n%s"
                                % (path, diff))
            print("%s: %d diagnostics, same from both" % (os.path.basename(path), len(got)))
        finally:
            shutil.rmtree(work, ignore_errors=True)
    if failures:
        sys.stderr.write("FAIL:\n" + "\n".join(failures) + "\n")
        return 1
    if warnings == 0:
        sys.stderr.write("FAIL: clang-tidy reported no ampify warning at all; is the plugin loaded?\n")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
