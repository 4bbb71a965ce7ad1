#!/usr/bin/env python3
"""Recall and precision of ampify-tensor-core-alignment on the multi-file projects of
bench/realworld/ (docs/realworld.md): every project's sources in one `ampify check` run (the real
LibTorch headers ampify finds; the flags of the compile database that CMake writes for the
project, `-p`, as a user runs it, or where CMake cannot configure it, each project's include/ and
src/ on the include path), findings
matched by (file, line) against the expectations below, which name the line of each misaligned
named constant (where the rule reports it). Projects not listed expect no finding.
`--corpus DIR` scores another corpus of projects instead, labelled by its EXPECTED.json
("alignment": project -> [[file, line], ...]), such as the held-out bench/realworld/heldout/.
`--labels hazards` scores the corpus's "hazards" labels instead (project -> [[file, line, why]]:
the fp16 hazards that run under CUDA fp16 autocast once the training loops are migrated) with the
fp16 hazard rules (HAZARD_RULES); findings of those rules at unlabelled lines are printed as false
positives, for review.

  python3 bench/realworld/alignment.py [--ampify build/tool/ampify] [-j 2] [--corpus DIR]
                                       [--labels alignment|hazards] [PROJECT...]
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile

from run import configure

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

EXPECTED = {
    "model_in_own_file": [("src/main.cpp", 13)],           # hidden_size = 500 -> fc1, fc2 in neural_net.cpp
    "vae_sigmoid_elsewhere": [("src/main.cpp", 10)],       # z_dim = 20 -> fc2, fc3, fc4 in vae.cpp
    # Development case of the analysis across TUs (written with it, not held out):
    "shared_model": [("src/main.cpp", 11),                  # kHidden = 300 -> make_shared, member hidden_
                     ("src/main.cpp", 13),                  # kHeadWidth = 100 -> make_shared and make_head()
                     ("src/main.cpp", 14)],                 # kEncoderWidth = 1020 -> through a config struct
}
RULE = "ampify-tensor-core-alignment"
HAZARD_RULES = ["ampify-fp16-overflow-constant", "ampify-fp16-underflow-epsilon", "ampify-inplace-not-autocast",
                "ampify-inplace-dtype-mismatch",
                "ampify-fp32-intent-lost"]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ampify", default=os.path.join(ROOT, "build", "tool", "ampify"))
    ap.add_argument("-j", default="2")
    ap.add_argument("--corpus", default=HERE)
    ap.add_argument("--labels", choices=("alignment", "hazards"), default="alignment")
    ap.add_argument("projects", nargs="*")
    args = ap.parse_args()
    corpus = os.path.abspath(args.corpus)
    expected = EXPECTED
    rules = [RULE]
    if args.labels == "hazards":
        rules = HAZARD_RULES
    if corpus != HERE or args.labels == "hazards":
        labels = json.load(open(os.path.join(corpus, "EXPECTED.json")))[args.labels]
        expected = {project: [tuple(where[:2]) for where in wanted] for project, wanted in labels.items()}
    total_expected = total_found = true_positives = labels_found = 0
    for project in sorted(args.projects or os.listdir(corpus)):
        path = os.path.join(corpus, project)
        # Every TU of the project, also those in folders under src/ (src/train/trainer.cpp), with
        # each C++ suffix CMake compiles (main.cc).
        sources = sorted(source for suffix in ("cpp", "cc", "cxx")
                         for source in glob.glob(os.path.join(path, "src", "**", "*." + suffix), recursive=True))
        if not sources:
            continue
        cmd = [args.ampify, "check", "--no-cache", "-j", args.j, "--checks=-*," + ",".join(rules), "--format=json",
               "--project-root=" + path, *sources]
        with tempfile.TemporaryDirectory(prefix="ampify-alignment-") as build:
            if os.path.isfile(os.path.join(path, "CMakeLists.txt")) and configure(path, build).returncode == 0:
                cmd += ["-p", build]
            else:
                print("%s: no compile database (CMake could not configure it): include/ and src/ on the "
                      "include path" % project)
                cmd += ["--", "-I" + os.path.join(path, "include"), "-I" + os.path.join(path, "src")]
            r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if r.returncode not in (0, 1):
            print("%s: ampify failed (%d)\n%s" % (project, r.returncode, r.stderr))
            return 2
        found = [(f["path"], f["line"], f["message"]) for f in json.loads(r.stdout)["findings"]]
        want = expected.get(project, [])
        hits = [w for w in want if any((p, l) == w for p, l, _ in found)]
        extra = [f for f in found if (f[0], f[1]) not in want]
        total_expected += len(want)
        total_found += len(found)
        true_positives += len(found) - len(extra)
        labels_found += len(hits)
        print("%-24s expected %d, found %d, true %d" % (project, len(want), len(found), len(found) - len(extra)))
        for w in want:
            if w not in hits:
                print("  missed %s:%d" % w)
        for p, l, m in extra:
            print("  false positive %s:%d: %s" % (p, l, m))
    # Recall counts labels found (two findings on one labelled line are one hit); precision counts
    # findings at labelled lines.
    recall = labels_found / total_expected if total_expected else 1.0
    precision = true_positives / total_found if total_found else 1.0
    print("all: expected %d, found %d, true positives %d, labels found %d: recall %.2f, precision %.2f"
          % (total_expected, total_found, true_positives, labels_found, recall, precision))
    return 0


if __name__ == "__main__":
    sys.exit(main())
