#!/usr/bin/env python3
"""bench/heldout: ampify check on programs written apart from the rules' tests, scored per rule.

Every corpus file states what it expects with a trailing comment on the line of each finding:

    scores = scores.masked_fill(mask, -1e9); // EXPECT: ampify-fp16-overflow-constant

(several rules: `// EXPECT: rule-a, rule-b`). Every other line must give no finding. The script runs
`ampify check --format=json` once over the corpus with the real LibTorch headers, matches findings to
expectations by (file, line, rule), and prints per rule family: expected, found, true positives,
recall and precision, then every miss and false positive, and every TU that crashed or did not
compile. It exits 1 when a family is below the targets (recall and precision >= 90%) or any TU
failed, 2 on a usage error.

  python3 bench/heldout/run.py [--ampify build/tool/ampify] [-j N] [--no-cache] [FILE...]

FILEs (corpus files, by name or path) restrict the run to those files; the targets then apply to
families that have at least one expectation or finding in them.
"""
import argparse
import collections
import glob
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CORPUS = os.path.join(HERE, "corpus")
EXPECT = re.compile(r"//\s*EXPECT:\s*(.+?)\s*$")
NOT_ANALYSED = re.compile(r"error: (\S+) was not analysed: (.*)$")
TARGET = 0.90


def expectations(path):
    want = set()
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            m = EXPECT.search(line)
            if m:
                for rule in m.group(1).split(","):
                    want.add((os.path.basename(path), lineno, rule.strip()))
    return want


def rule_names():
    names = []
    with open(os.path.join(ROOT, "matchers", "Rules.def")) as f:
        for m in re.finditer(r'^AMPIFY_RULE\(\s*\w+\s*,\s*"([^"]+)"', f.read(), re.M):
            names.append(m.group(1))
    return names


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ampify", default=os.path.join(ROOT, "build", "tool", "ampify"))
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--no-cache", action="store_true", help="pass --no-cache to ampify")
    ap.add_argument("--json", help="also write the scores and findings to this file")
    ap.add_argument("files", nargs="*")
    args = ap.parse_args()

    if args.files:
        files = []
        for f in args.files:
            path = f if os.path.exists(f) else os.path.join(CORPUS, os.path.basename(f))
            if not os.path.exists(path):
                ap.error("no corpus file " + f)
            files.append(os.path.abspath(path))
    else:
        files = sorted(glob.glob(os.path.join(CORPUS, "*.cpp")))
    if not os.path.exists(args.ampify):
        ap.error("no ampify binary at " + args.ampify + " (build it, or pass --ampify)")

    want = set()
    for f in files:
        want |= expectations(f)

    cmd = [args.ampify, "check", "--format=json", "--fail-on=none", "--quiet", "-j", str(args.j),
           "--project-root=" + CORPUS,
           # <ampify/amp.h> is the runtime's header; the LibTorch headers are found by ampify.
           "--extra-arg=-isystem" + os.path.join(ROOT, "runtime", "include")]
    if args.no_cache:
        cmd.append("--no-cache")
    start = time.time()
    proc = subprocess.run(cmd + files, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    elapsed = time.time() - start
    try:
        report = json.loads(proc.stdout)
    except json.JSONDecodeError:
        sys.stderr.write("ampify printed no JSON report (exit %d):\n%s\n%s\n" % (proc.returncode, proc.stdout, proc.stderr))
        return 1

    failures = []
    for line in proc.stderr.splitlines():
        m = NOT_ANALYSED.search(line)
        if m:
            failures.append((os.path.basename(m.group(1)), m.group(2)))

    got = {}
    other = []
    for finding in report["findings"]:
        key = (os.path.basename(finding["path"]), finding["line"], finding["rule"])
        if not finding["rule"].startswith("ampify-"):
            other.append(finding)
            continue
        got.setdefault(key, finding["message"])

    families = rule_names()
    rows = []
    below = []
    for rule in families:
        w = {k for k in want if k[2] == rule}
        g = {k for k in got if k[2] == rule}
        tp = len(w & g)
        recall = tp / len(w) if w else None
        precision = tp / len(g) if g else None
        rows.append((rule, len(w), len(g), tp, recall, precision))
        if (recall is not None and recall < TARGET) or (precision is not None and precision < TARGET) \
                or (not w and g):
            below.append(rule)

    def pct(v):
        return "   -  " if v is None else "%5.1f%%" % (100 * v)

    print("held-out corpus: %d files, %d expected findings, %.0f s (ampify exit %d)"
          % (len(files), len(want), elapsed, proc.returncode))
    print("%-40s %8s %6s %4s %8s %9s" % ("rule family", "expected", "found", "TP", "recall", "precision"))
    for rule, nw, ng, tp, r, p in rows:
        print("%-40s %8d %6d %4d %8s %9s" % (rule, nw, ng, tp, pct(r), pct(p)))
    all_w, all_g = len(want), len(got)
    all_tp = len(want & set(got))
    print("%-40s %8d %6d %4d %8s %9s" % ("all", all_w, all_g, all_tp,
                                         pct(all_tp / all_w if all_w else None),
                                         pct(all_tp / all_g if all_g else None)))

    misses = sorted(want - set(got))
    false_pos = sorted(set(got) - want)
    if misses:
        print("\nmissed (expected, not reported):")
        for f, line, rule in misses:
            print("  %s:%d: %s" % (f, line, rule))
    if false_pos:
        print("\nfalse positives (reported, not expected):")
        for key in false_pos:
            print("  %s:%d: %s: %s" % (key[0], key[1], key[2], got[key]))
    crashes = [(f, why) for f, why in failures if "compile" not in why]
    print("\ncrashes: %d" % len(crashes))
    for f, why in failures:
        print("  %s was not analysed: %s" % (f, why))
    for line in proc.stderr.splitlines():
        if ": error: " in line and line.startswith(CORPUS):
            print("    " + os.path.relpath(line, CORPUS))
    for finding in other:
        print("  %s:%d: %s: %s" % (finding["path"], finding["line"], finding["rule"], finding["message"]))

    if args.json:
        with open(args.json, "w") as out:
            json.dump({"files": len(files), "seconds": elapsed,
                       "families": [dict(zip(("rule", "expected", "found", "tp", "recall", "precision"), r))
                                    for r in rows],
                       "missed": misses, "false_positives": false_pos, "failures": failures}, out, indent=2)

    ok = not below and not failures and not other
    print("\n" + ("PASS" if ok else "FAIL") + ": targets recall and precision >= %d%% per rule family, no failed TU"
          % int(TARGET * 100) + ("" if ok else "; below target: " + ", ".join(below) if below else ""))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
