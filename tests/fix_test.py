#!/usr/bin/env python3
"""`ampify fix` end to end on the mock headers: --export-fixes applied by the real
clang-apply-replacements gives the same files as fixing in place; a training loop in a header
shared by two translation units is migrated once; --diff writes nothing; exit codes and bad
input (nothing is written when a path is missing or a file does not compile)."""
import argparse
import os
import subprocess
import sys
import unittest

from scratch import ScratchDirTest

ARGS = None

HEADER = """#pragma once
#include <torch/torch.h>

struct NetImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

inline void train(Net &model, torch::optim::SGD &opt) {
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto loss = model(torch::randn({2, 2})).sum();
    loss.backward();
    opt.step();
  }
}
"""

MAIN = """#include "train.h"

void run(Net &model, torch::optim::SGD &opt) {
  train(model, opt);
  for (int epoch = 0; epoch < 3; ++epoch) {
    opt.zero_grad();
    auto loss = model(torch::randn({2, 2})).sum();
    loss.backward();
    opt.step();
  }
}
"""

OTHER = """#include "train.h"

void again(Net &model, torch::optim::SGD &opt) { train(model, opt); }
"""

REFUSED = """#include <torch/torch.h>

void manual(torch::nn::Linear &model) {
  auto loss = model(torch::randn({2, 2})).sum();
  loss.backward();
  for (auto p : model->parameters())
    p.grad().zero_();
}
"""

NO_LOOP = """#include <torch/torch.h>

torch::Tensor twice(torch::Tensor x) { return x * 2; }
"""

BROKEN = """#include <torch/torch.h>

void train(torch::optim::SGD &opt) {
  auto loss = undeclared_model(torch::randn({2, 2})).sum();
  loss.backward();
  opt.step();
}
"""


class Fix(ScratchDirTest):
    def project(self, name, files):
        for rel, text in files.items():
            self.write(os.path.join(name, rel), text)
        return os.path.join(self.dir, name)

    def contents(self, root):
        files = {}
        for rel in sorted(os.listdir(root)):
            with open(os.path.join(root, rel)) as f:
                files[rel] = f.read()
        return files

    def fix(self, root, *args):
        env = dict(os.environ, AMPIFY_CACHE_DIR=os.path.join(self.dir, "cache"))
        return subprocess.run([ARGS.ampify, "fix", "--torch-prefix=" + ARGS.mock_prefix, *args],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=root,
                              env=env)

    def test_export_fixes_applied_by_clang_apply_replacements_equals_fix_in_place(self):
        files = {"train.h": HEADER, "main.cpp": MAIN, "other.cpp": OTHER}
        in_place = self.project("in-place", files)
        r = self.fix(in_place, "main.cpp", "other.cpp")
        self.assertEqual(r.returncode, 0, r.stderr)
        fixed = self.contents(in_place)
        # The header's loop is found by both TUs and migrated once.
        self.assertEqual(fixed["train.h"].count("ampify::GradScaler scaler;"), 1, fixed["train.h"])
        self.assertEqual(fixed["train.h"].count("#include <ampify/amp.h>"), 1, fixed["train.h"])
        self.assertIn("scaler.scale(loss).backward();", fixed["main.cpp"])
        self.assertEqual(fixed["other.cpp"], OTHER)
        # A second run changes nothing.
        r = self.fix(in_place, "main.cpp", "other.cpp")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(self.contents(in_place), fixed)

        exported = self.project("exported", files)
        fixes_dir = os.path.join(self.dir, "fixes")
        os.makedirs(fixes_dir)
        r = self.fix(exported, "--export-fixes", os.path.join(fixes_dir, "fix.yaml"), "main.cpp",
                     "other.cpp")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(self.contents(exported), files)  # exporting writes no source file
        apply = subprocess.run([ARGS.clang_apply_replacements, fixes_dir], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
        self.assertEqual(apply.returncode, 0, apply.stderr)
        self.assertEqual(self.contents(exported), fixed)

    def test_diff_writes_nothing(self):
        root = self.project("p", {"train.h": HEADER, "main.cpp": MAIN})
        r = self.fix(root, "--diff", "main.cpp")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("--- a/train.h", r.stdout)
        self.assertIn("+  ampify::GradScaler scaler;", r.stdout)
        self.assertNotIn("note:", r.stdout)  # findings go to stderr, stdout is the patch alone
        self.assertEqual(self.contents(root), {"train.h": HEADER, "main.cpp": MAIN})

    def test_refusal_exits_1_and_changes_nothing(self):
        root = self.project("p", {"a.cpp": REFUSED})
        r = self.fix(root, "a.cpp")
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertIn("training loop not migrated: the weights are updated by hand", r.stdout)
        self.assertEqual(self.contents(root), {"a.cpp": REFUSED})

    def test_no_training_loop_exits_0(self):
        root = self.project("p", {"a.cpp": NO_LOOP})
        r = self.fix(root, "a.cpp")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout, "")
        self.assertEqual(self.contents(root), {"a.cpp": NO_LOOP})

    def test_missing_path_is_a_usage_error_and_writes_nothing(self):
        root = self.project("p", {"train.h": HEADER, "main.cpp": MAIN})
        r = self.fix(root, "main.cpp", "missing.cpp")
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn("missing.cpp", r.stderr)
        self.assertEqual(self.contents(root), {"train.h": HEADER, "main.cpp": MAIN})

    def test_code_that_does_not_compile_is_not_touched_and_exits_2(self):
        root = self.project("p", {"a.cpp": BROKEN, "train.h": HEADER, "main.cpp": MAIN})
        r = self.fix(root, "a.cpp", "main.cpp")
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn("a.cpp was not migrated", r.stderr)
        # The TU that compiles is migrated; the one that does not is left as it was.
        fixed = self.contents(root)
        self.assertEqual(fixed["a.cpp"], BROKEN)
        self.assertIn("scaler.scale(loss).backward();", fixed["main.cpp"])

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--ampify", required=True)
    ap.add_argument("--mock-prefix", required=True)
    ap.add_argument("--clang-apply-replacements", required=True)
    ARGS, rest = ap.parse_known_args()
    unittest.main(argv=[sys.argv[0], "-v", *rest])
