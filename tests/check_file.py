#!/usr/bin/env python3
"""Runs one testdata file through ampify and FileCheck, the way clang-tidy's check_clang_tidy.py
does: the file carries its own expectations.

  // AMPIFY: check --checks=-*,some-rule     the ampify command line (default: check)
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: ... [rule]
  // CHECK-FIXES: the line as it must read after the fix-its (check) or the migration (fix)
  // AMPIFY-TIERS: mock real                  the header tiers the file runs on (default: all)
  // AMPIFY-NO-COMPILE-CHECK: why             the fixed file is deliberately not compiled

Every warning and error must be expected (FileCheck --implicit-check-not), so a file with no
CHECK-MESSAGES asserts that ampify finds nothing. CHECK-FIXES are matched against the rewritten
copy of the file; a file without them must come out unchanged. Rewritten files are run again to
prove that a second run changes nothing (and, since ampify parses it, that it still compiles as
ampify parses it); with --compile-check (the real tiers) they are also compiled by the compiler.
"""
import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

CHECK_LINE = re.compile(r"//\s*CHECK-[A-Z0-9-]*:.*$", re.M)


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def fail(msg, *outputs):
    sys.stderr.write("FAIL: " + msg + "\n")
    for o in outputs:
        if o:
            sys.stderr.write(o if o.endswith("\n") else o + "\n")
    sys.exit(1)


def filecheck(filecheck_bin, check_file, prefix, input_text, extra=()):
    with tempfile.NamedTemporaryFile("w", suffix=".out", delete=False) as f:
        f.write(input_text)
        name = f.name
    try:
        r = run([filecheck_bin, check_file, "--check-prefix=" + prefix, "--input-file=" + name,
                 "--dump-input=fail", *extra])
    finally:
        os.unlink(name)
    return r


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ampify", required=True)
    ap.add_argument("--filecheck", required=True)
    ap.add_argument("--tier", choices=["mock", "real", "real26"], required=True)
    ap.add_argument("--mock-prefix", help="the mock LibTorch install (mock tier)")
    ap.add_argument("--preamble-cache",
                    help="ampify's cache directory holding the tier's shared <torch/torch.h> preamble "
                         "(real tiers): ampify parses the headers from it, as users' runs do")
    ap.add_argument("--compile-check", default=None,
                    help="after a fix, compile the result with this command line, one shell-quoted "
                         "string (file appended)")
    ap.add_argument("--ampify-arg", action="append", default=[],
                    help="an extra argument for every ampify run (e.g. the runtime's include dir)")
    ap.add_argument("file")
    args = ap.parse_args()

    text = open(args.file).read()
    directive = re.search(r"^//\s*AMPIFY:\s*(.*)$", text, re.M)
    command = shlex.split(directive.group(1)) if directive else ["check"]
    tiers = re.search(r"^//\s*AMPIFY-TIERS:(.*)$", text, re.M)
    if tiers and args.tier not in tiers.group(1).split():
        print("skipped: %s runs on the %s tiers only" % (os.path.basename(args.file), tiers.group(1).strip()))
        return 0
    no_compile = re.search(r"^//\s*AMPIFY-NO-COMPILE-CHECK:(.*)$", text, re.M)
    subcommand, rest = command[0], command[1:]
    expects_messages = "CHECK-MESSAGES" in text
    expects_fixes = "CHECK-FIXES" in text

    tier_args = []
    if args.tier == "mock":
        tier_args = ["--torch-prefix=" + args.mock_prefix]
    elif args.preamble_cache:
        tier_args = ["--cache-dir=" + args.preamble_cache]

    work = tempfile.mkdtemp(prefix="ampify-test-")
    try:
        # Keep line numbers: CHECK comments become empty comments.
        cleaned = CHECK_LINE.sub("//", text)
        target = os.path.join(work, os.path.basename(args.file))
        with open(target, "w") as f:
            f.write(cleaned)

        if subcommand == "check":
            # A cached result would skip the analysis under test: only the preamble is reused.
            no_results = ["--no-cache"] if args.preamble_cache else []
            cmd = [args.ampify, "check", "--color=never", *tier_args, *no_results, *args.ampify_arg, *rest,
                   "--fix", target]
        else:
            cmd = [args.ampify, subcommand, *tier_args, *args.ampify_arg, *rest, target]
        r = run(cmd)
        if r.returncode not in (0, 1):
            fail("ampify exited %d: %s" % (r.returncode, shlex.join(cmd)), r.stdout, r.stderr)
        messages = r.stdout + r.stderr
        if expects_messages:
            fc = filecheck(args.filecheck, args.file, "CHECK-MESSAGES", messages,
                           ["--implicit-check-not={{warning|error}}:"])
            if fc.returncode != 0:
                fail("messages do not match", fc.stderr)
        elif re.search(r"(warning|error):", messages):
            fail("expected no findings, got:", messages)

        fixed = open(target).read()
        if expects_fixes:
            fc = filecheck(args.filecheck, args.file, "CHECK-FIXES", fixed, ["--strict-whitespace"])
            if fc.returncode != 0:
                fail("rewritten file does not match CHECK-FIXES", fc.stderr)
        elif fixed != cleaned:
            fail("expected no edits, but the file changed")

        if fixed != cleaned:
            # A second run must change nothing.
            r2 = run(cmd)
            if r2.returncode not in (0, 1):
                fail("ampify exited %d on the rewritten file: %s" % (r2.returncode, shlex.join(cmd)),
                     r2.stdout, r2.stderr)
            if open(target).read() != fixed:
                fail("a second run changed the file again", r2.stdout, r2.stderr)
            if args.compile_check and no_compile:
                print("not compiled: " + no_compile.group(1).strip())
            elif args.compile_check:
                cc = run([*shlex.split(args.compile_check), target])
                if cc.returncode != 0:
                    fail("the rewritten file does not compile", cc.stdout, cc.stderr)
        print("ok: %s (%s tier)" % (os.path.basename(args.file), args.tier))
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
