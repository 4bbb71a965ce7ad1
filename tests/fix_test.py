#!/usr/bin/env python3
"""`ampify fix` end to end on the mock headers: --export-fixes applied by the real
clang-apply-replacements gives the same files as fixing in place; a training loop in a header
shared by two translation units is migrated once; --diff writes nothing; exit codes and bad
input (nothing is written when a path is missing or a file does not compile)."""
import argparse
import os
import pathlib
import re
import subprocess
import sys
import unittest

from scratch import ScratchDirTest

ARGS = None


def torch_flags():
    """The headers the test projects parse with: the mock's, a LibTorch prefix (--torch-prefix), or
    the system's LibTorch (--real-headers)."""
    if ARGS.torch_prefix:
        return ["--torch-prefix=" + ARGS.torch_prefix]
    return [] if ARGS.real_headers else ["--torch-prefix=" + ARGS.mock_prefix]

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

# A loop whose forward pass, once under autocast, writes -1e9 into fp16 attention scores.
HAZARD = """#include <torch/torch.h>

struct AttentionImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor q, torch::Tensor k, torch::Tensor mask) {
    auto scores = torch::matmul(q, k);
    return scores.masked_fill(mask, -1e9);
  }
};
TORCH_MODULE(Attention);

void train(Attention &model, torch::optim::SGD &opt, torch::Tensor q, torch::Tensor k, torch::Tensor m) {
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto loss = model(q, k, m).sum();
    loss.backward();
    opt.step();
  }
}
"""

# The same hazard across files: the model's forward is defined in attention.cpp, the loop that the
# migration puts under autocast is in train.cpp.
SPLIT_HEADER = """#pragma once
#include <torch/torch.h>

struct AttentionImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor q, torch::Tensor k, torch::Tensor mask);
};
TORCH_MODULE(Attention);
"""

SPLIT_MODEL = """#include "attention.h"

torch::Tensor AttentionImpl::forward(torch::Tensor q, torch::Tensor k, torch::Tensor mask) {
  auto scores = torch::matmul(q, k);
  return scores.masked_fill(mask, -1e9);
}
"""

SPLIT_TRAIN = """#include "attention.h"

void train(Attention &model, torch::optim::SGD &opt, torch::Tensor q, torch::Tensor k, torch::Tensor m) {
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto loss = model(q, k, m).sum();
    loss.backward();
    opt.step();
  }
}
"""

# The scorer's Sequential is built in a third file, which neither the loop nor the forward names.
SCORER_HEADER = """#pragma once
#include <torch/torch.h>

torch::nn::Sequential make_scorer(int64_t hidden);

struct PoolImpl : torch::nn::Module {
  PoolImpl() : scorer(make_scorer(64)) {}
  torch::Tensor forward(torch::Tensor h, torch::Tensor mask);
  torch::nn::Sequential scorer;
};
TORCH_MODULE(Pool);
"""

SCORER_BUILDER = """#include "pool.h"

torch::nn::Sequential make_scorer(int64_t hidden) {
  return torch::nn::Sequential(torch::nn::Linear(hidden, hidden), torch::nn::ReLU(), torch::nn::Linear(hidden, 1));
}
"""

SCORER_MODEL = """#include "pool.h"

torch::Tensor PoolImpl::forward(torch::Tensor h, torch::Tensor mask) {
  auto scores = scorer->forward(h);
  scores = scores.masked_fill(mask, -1e9);
  return torch::softmax(scores, -1);
}
"""

SCORER_TRAIN = """#include "pool.h"

void train(Pool &model, torch::optim::SGD &opt, torch::Tensor h, torch::Tensor mask) {
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto loss = model->forward(h, mask).sum();
    loss.backward();
    opt.step();
  }
}
"""

# LibTorch's C++ MultiheadAttention with a key padding mask, in another file than the loop.
MHA_HEADER = """#pragma once
#include <torch/torch.h>

struct PoolImpl : torch::nn::Module {
  PoolImpl() : attention(torch::nn::MultiheadAttentionOptions(64, 4)) {}
  torch::Tensor forward(torch::Tensor h, torch::Tensor pad);
  torch::nn::MultiheadAttention attention;
};
TORCH_MODULE(Pool);
"""

MHA_MODEL = """#include "pool.h"

torch::Tensor PoolImpl::forward(torch::Tensor h, torch::Tensor pad) {
  return std::get<0>(attention->forward(h, h, h, pad));
}
"""

MHA_TRAIN = """#include "pool.h"

void train(Pool &model, torch::optim::SGD &opt, torch::Tensor h, torch::Tensor pad) {
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto loss = model(h, pad).sum();
    loss.backward();
    opt.step();
  }
}
"""

BCE_HEADER = """#pragma once
#include <torch/torch.h>

struct DetectionLossImpl : torch::nn::Module {
  DetectionLossImpl() : bce(torch::nn::BCELossOptions().reduction(torch::kNone)) {}
  torch::Tensor forward(torch::Tensor pred, torch::Tensor target);
  torch::nn::BCELoss bce;
};
TORCH_MODULE(DetectionLoss);
"""

BCE_LOSS = """#include "loss.h"

torch::Tensor DetectionLossImpl::forward(torch::Tensor pred, torch::Tensor target) {
  torch::Tensor prob = torch::sigmoid(pred);
  return bce->forward(prob, target).mean();
}
"""

BCE_TRAIN = """#include "loss.h"

void train(torch::nn::Linear &model, DetectionLoss &criterion, torch::optim::SGD &opt, torch::Tensor x,
           torch::Tensor y) {
  model->to(torch::kCUDA);
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto loss = criterion->forward(model(x), y);
    loss.backward();
    opt.step();
  }
}
"""

SSIM_HEADER = """#pragma once
#include <torch/torch.h>

torch::Tensor ssim(const torch::Tensor &img1, const torch::Tensor &img2, const torch::Tensor &window);
"""

SSIM = """#include "ssim.h"

namespace F = torch::nn::functional;

torch::Tensor ssim(const torch::Tensor &img1, const torch::Tensor &img2, const torch::Tensor &window) {
  auto mu1 = F::conv2d(img1, window, F::Conv2dFuncOptions().padding(5).groups(3));
  auto mu2 = F::conv2d(img2, window, F::Conv2dFuncOptions().padding(5).groups(3));
  auto sigma12 = F::conv2d(img1 * img2, window, F::Conv2dFuncOptions().padding(5).groups(3)) - mu1 * mu2;
  return (2 * sigma12 + 0.0009).mean();
}
"""

SSIM_TRAIN = """#include "ssim.h"

void train(torch::nn::Linear &model, torch::optim::Adam &opt, torch::Tensor x, torch::Tensor target,
           torch::Tensor window) {
  model->to(torch::kCUDA);
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto image = model(x).view({1, 3, 4, 4});
    auto loss = 1.0 - ssim(image, target, window);
    loss.backward();
    opt.step();
  }
}
"""

MIGRATED = """#include <torch/torch.h>
#include <ampify/amp.h>

void train(torch::nn::Linear &model, torch::optim::SGD &opt) {
  ampify::GradScaler scaler;
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    ampify::Autocast autocast(c10::kCUDA);
    auto loss = model(torch::randn({2, 2})).sum();
    autocast.exit();
    scaler.scale(loss).backward();
    scaler.step(opt);
    scaler.update();
  }
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

    def fix(self, root, *args, device="cuda"):
        """`ampify fix` in `root`; the mock programs never name a device, so the tests of the
        edits ask for CUDA (fp16 with a GradScaler) unless `device` is None (--device=auto)."""
        env = dict(os.environ, AMPIFY_CACHE_DIR=os.path.join(self.dir, "cache"))
        flags = ["--device=" + device] if device else []
        return subprocess.run([ARGS.ampify, "fix", *torch_flags(), *flags, *args],
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

    def test_a_loss_kept_in_a_data_member_is_computed_under_autocast(self):
        # The loss is assigned to a member (`m_loss = ...`) and read back for the backward pass:
        # the statement that assigns it is the forward pass.
        source = """#include <torch/torch.h>

struct Agent {
  torch::nn::Linear net{4, 2};
  torch::optim::SGD optimizer{net->parameters(), 0.01};
  torch::Tensor m_loss;
  void train(torch::Tensor x, torch::Tensor y) {
    m_loss = torch::mse_loss(net->forward(x), y);
    optimizer.zero_grad();
    m_loss.backward();
    optimizer.step();
  }
};
"""
        root = self.project("p", {"a.cpp": source})
        r = self.fix(root, "a.cpp")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertIn("training loop migrated", r.stdout)
        migrated = self.contents(root)["a.cpp"]
        region = migrated[migrated.index("ampify::Autocast autocast"):migrated.index("autocast.exit();")]
        self.assertIn("m_loss = torch::mse_loss", region)
        self.assertIn("scaler.scale(m_loss).backward();", migrated)
        second = self.fix(root, "a.cpp")
        self.assertEqual(second.returncode, 0, second.stdout + second.stderr)
        self.assertEqual(self.contents(root)["a.cpp"], migrated)

    def test_a_loss_no_statement_before_the_backward_computes_is_refused_not_claimed(self):
        # The loss is a member that another method assigns: no statement of the iteration
        # before the backward pass computes it, so no autocast would be written; the loop is
        # refused (exit 1), never reported as migrated with nothing but an #include written.
        source = """#include <torch/torch.h>

struct Agent {
  torch::nn::Linear net{4, 2};
  torch::optim::SGD optimizer{net->parameters(), 0.01};
  torch::Tensor m_loss;
  void evaluate(torch::Tensor x, torch::Tensor y) { m_loss = torch::mse_loss(net->forward(x), y); }
  void train(torch::Tensor x, torch::Tensor y) {
    evaluate(x, y);
    optimizer.zero_grad();
    m_loss.backward();
    optimizer.step();
  }
};
"""
        root = self.project("p", {"a.cpp": source})
        r = self.fix(root, "a.cpp")
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertIn("training loop not migrated: no statement that computes the loss was found", r.stdout)
        self.assertNotIn("training loop migrated", r.stdout)
        self.assertEqual(self.contents(root), {"a.cpp": source})

    def test_a_project_function_named_update_that_steps_nothing_is_no_boundary(self):
        # `stats.update(loss.item<double>())` between the loss and a conditional backward adds
        # numbers up: the forward pass before it is still the region.
        source = """#include <torch/torch.h>

struct Stats {
  double total = 0;
  void update(double loss) { total += loss; }
};
struct Trainer {
  torch::nn::Linear net{4, 2};
  torch::optim::SGD optimizer{net->parameters(), 0.01};
  Stats stats;
  torch::Tensor step(torch::Tensor x, torch::Tensor y, bool training) {
    auto loss = torch::mse_loss(net->forward(x), y);
    stats.update(loss.item<double>());
    if (training) {
      optimizer.zero_grad();
      loss.backward();
      optimizer.step();
    }
    return loss;
  }
};
"""
        root = self.project("p", {"a.cpp": source})
        r = self.fix(root, "a.cpp")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertIn("training loop migrated", r.stdout)
        migrated = self.contents(root)["a.cpp"]
        region = migrated[migrated.index("ampify::Autocast autocast"):migrated.index("autocast.exit();")]
        self.assertIn("torch::mse_loss", region)
        self.assertIn("scaler.scale(loss).backward();", migrated)

    def test_a_method_defined_elsewhere_of_a_class_that_holds_no_training_state_is_no_boundary(self):
        # `meters.update(loss_map)` of a logger of floats whose methods another file defines can
        # step nothing: the loop is migrated. An `update` of a class that holds an optimizer,
        # defined elsewhere, may step it: the forward pass before it is no region of this pass.
        source = """#include <torch/torch.h>
#include <map>
#include <string>

struct Smoothed {
  double total = 0;
  int count = 0;
};
struct MetricLogger {
  void update(std::map<std::string, torch::Tensor> losses); // defined in another file
  std::map<std::string, Smoothed> meters;
};
struct Agent {
  void update(torch::Tensor advantages); // defined in another file
  torch::optim::Adam *optimizer = nullptr;
};

void train(torch::nn::Linear net, torch::optim::SGD &optimizer, MetricLogger &meters, Agent &agent, torch::Tensor x) {
  for (int i = 0; i < 10; ++i) {
    optimizer.zero_grad();
    auto loss = net->forward(x).sum();
    std::map<std::string, torch::Tensor> loss_map{{"loss", loss}};
    meters.update(loss_map);
    loss.backward();
    optimizer.step();
  }
  for (int i = 0; i < 10; ++i) {
    optimizer.zero_grad();
    auto loss = net->forward(x).sum();
    agent.update(loss);
    loss.backward();
    optimizer.step();
  }
}
"""
        root = self.project("p", {"a.cpp": source})
        r = self.fix(root, "a.cpp")
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertEqual(r.stdout.count("training loop migrated"), 1, r.stdout)
        self.assertIn("a.cpp:24:5: note: training loop migrated", r.stdout)
        self.assertIn("a.cpp:31:5: warning: training loop not migrated: no statement that computes the loss", r.stdout)
        migrated = self.contents(root)["a.cpp"]
        region = migrated[migrated.index("ampify::Autocast autocast"):migrated.index("autocast.exit();")]
        self.assertIn("net->forward(x).sum()", region)

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

    def test_a_loop_whose_edits_overlap_another_migration_is_refused(self):
        # The header's loop names no device: a TU that reaches CUDA migrates it for CUDA (fp16, a
        # GradScaler), one that never does for the CPU (bf16). Both edits cannot be written: one
        # is, the other loop is reported as not migrated (never as migrated), and the run exits 1.
        cuda_main = MAIN + "\nbool has_gpu() { return torch::cuda::is_available(); }\n"
        files = {"train.h": HEADER, "main.cpp": cuda_main, "other.cpp": OTHER}
        root = self.project("p", files)
        fixes = os.path.join(self.dir, "fixes", "fix.yaml")
        os.makedirs(os.path.dirname(fixes))
        r = self.fix(root, "--export-fixes", fixes, "main.cpp", "other.cpp", device=None)
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertIn("train.h:14:5: warning: training loop not migrated: its edits overlap those of another "
                      "migration of this run", r.stdout)
        self.assertEqual(r.stdout.count("train.h:14:5: note: training loop migrated"), 1, r.stdout)
        self.assertEqual(self.contents(root), files)
        apply = subprocess.run([ARGS.clang_apply_replacements, os.path.dirname(fixes)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
        self.assertEqual(apply.returncode, 0, apply.stderr)
        fixed = self.contents(root)
        self.assertEqual(fixed["train.h"].count("ampify::Autocast autocast("), 1, fixed["train.h"])
        self.assertIn("scaler.scale(loss).backward();", fixed["main.cpp"])

    def test_several_backward_demo_migrates_and_exports_its_edits(self):
        demo = """#include <torch/torch.h>

int main() {
  torch::Tensor x = torch::randn({1}, torch::TensorOptions().requires_grad(true));
  auto y = x * 2;
  y.backward();
  auto g = x.grad();
  torch::nn::Linear linear(3, 2);
  torch::optim::SGD optimizer(linear->parameters(), torch::optim::SGDOptions(0.01));
  auto loss = linear->forward(torch::randn({4, 3})).sum();
  loss.backward();
  auto w = linear->weight.grad();
  optimizer.step();
}
"""
        in_place = self.project("in-place", {"demo.cpp": demo})
        r = self.fix(in_place, "demo.cpp")
        self.assertEqual(r.returncode, 1, r.stderr)  # the read of x.grad() between the passes
        self.assertIn("demo.cpp:6:3: note: training loop migrated to mixed precision", r.stdout)
        self.assertNotIn("overlaps", r.stderr)
        fixed = self.contents(in_place)["demo.cpp"]
        self.assertIn("  static ampify::GradScaler scaler;\n  ampify::Autocast autocast(c10::kCUDA);\n", fixed)
        self.assertIn("scaler.unscale_(optimizer);\n  auto w = linear->weight.grad();", fixed)

        exported = self.project("exported", {"demo.cpp": demo})
        fixes = os.path.join(self.dir, "fixes", "fix.yaml")
        os.makedirs(os.path.dirname(fixes))
        r = self.fix(exported, "--export-fixes", fixes, "demo.cpp")
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertNotIn("Replacements: []", open(fixes).read())
        apply = subprocess.run([ARGS.clang_apply_replacements, os.path.dirname(fixes)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
        self.assertEqual(apply.returncode, 0, apply.stderr)
        self.assertEqual(self.contents(exported)["demo.cpp"], fixed)

    def test_hazards_the_migration_exposes_are_reported_in_the_same_run(self):
        root = self.project("p", {"a.cpp": HAZARD})
        r = self.fix(root, "--diff", "--device=cuda", "a.cpp")
        self.assertEqual(r.returncode, 1, r.stderr)
        # At the line of the file as it is (6), not of the migrated text (7: the include moved it).
        self.assertIn("a.cpp:6:37: warning: constant -1e+09 overflows fp16", r.stderr)
        self.assertIn("1 hazard(s) now under autocast (--fix-hazards applies their fix-its)", r.stderr)
        self.assertIn("+    ampify::Autocast autocast(c10::kCUDA);", r.stdout)
        self.assertNotIn("-65504.0", r.stdout)
        self.assertEqual(self.contents(root), {"a.cpp": HAZARD})

        r = self.fix(root, "--diff", "--device=cuda", "--fix-hazards", "a.cpp")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("a.cpp:6:37: note: constant -1e+09 overflows fp16", r.stderr)
        self.assertIn("-    return scores.masked_fill(mask, -1e9);", r.stdout)
        self.assertIn("+    return scores.masked_fill(mask, -65504.0);", r.stdout)
        self.assertIn("1 hazard(s) now under autocast, 1 fixed", r.stderr)

        # In place: the migration and the hazard's fix land together; a second run has nothing to do.
        r = self.fix(root, "--device=cuda", "--fix-hazards", "a.cpp")
        self.assertEqual(r.returncode, 0, r.stderr)
        fixed = self.contents(root)["a.cpp"]
        self.assertIn("scores.masked_fill(mask, -65504.0)", fixed)
        self.assertIn("scaler.scale(loss).backward();", fixed)
        r = self.fix(root, "--diff", "a.cpp")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout, "")
        self.assertIn("ampify: nothing to migrate: 1 loop already migrated", r.stderr)

    def test_hazards_in_another_file_that_the_migration_puts_under_autocast_are_reported(self):
        files = {"attention.h": SPLIT_HEADER, "attention.cpp": SPLIT_MODEL, "train.cpp": SPLIT_TRAIN}
        root = self.project("p", files)
        r = self.fix(root, "--diff", "--color=never", "train.cpp", "attention.cpp")
        self.assertEqual(r.returncode, 1, r.stderr)
        # attention.cpp is not migrated, yet its forward now runs under the loop's autocast.
        self.assertIn("attention.cpp:5:35: warning: constant -1e+09 overflows fp16", r.stderr)
        self.assertRegex(r.stderr, r"train.cpp:6:\d+: note: `AttentionImpl::forward` runs under CUDA fp16 "
                                   r"autocast here, in another file")
        self.assertIn("1 hazard(s) now under autocast (--fix-hazards applies their fix-its)", r.stderr)
        self.assertEqual(self.contents(root), files)

        # Only train.cpp given: attention.cpp is not part of the run, so nothing is said of it.
        r = self.fix(root, "--diff", "--color=never", "train.cpp")
        self.assertNotIn("attention.cpp", r.stderr)

        r = self.fix(root, "--color=never", "--fix-hazards", "train.cpp", "attention.cpp")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("scores.masked_fill(mask, -65504.0)", self.contents(root)["attention.cpp"])
        self.assertIn("scaler.scale(loss).backward();", self.contents(root)["train.cpp"])
        r = self.fix(root, "--diff", "train.cpp", "attention.cpp")
        self.assertEqual((r.returncode, r.stdout), (0, ""), r.stderr)

    def test_hazards_on_a_sequential_that_a_third_file_builds_are_fixed(self):
        # model.cpp's forward runs under the migrated loop; its `-1e9` is a hazard only because
        # builder.cpp's Sequential outputs fp16, and no call of the region names builder.cpp.
        files = {"pool.h": SCORER_HEADER, "builder.cpp": SCORER_BUILDER, "model.cpp": SCORER_MODEL,
                 "train.cpp": SCORER_TRAIN}
        root = self.project("p", files)
        r = self.fix(root, "--diff", "--color=never", "--device=cuda", "train.cpp", "model.cpp", "builder.cpp")
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertIn("model.cpp:5:37: warning: constant -1e+09 overflows fp16", r.stderr)
        self.assertIn("builder.cpp:4:86: note: the Sequential that `make_scorer` builds outputs fp16", r.stderr)
        self.assertEqual(self.contents(root), files)

        r = self.fix(root, "--color=never", "--device=cuda", "--fix-hazards", "train.cpp", "model.cpp", "builder.cpp")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("1 hazard(s) now under autocast, 1 fixed", r.stderr)
        self.assertIn("scores.masked_fill(mask, -65504.0)", self.contents(root)["model.cpp"])
        r = self.fix(root, "--diff", "train.cpp", "model.cpp", "builder.cpp")
        self.assertEqual((r.returncode, r.stdout), (0, ""), r.stderr)

    def test_attention_with_a_key_padding_mask_in_another_file_runs_in_fp32(self):
        # It would raise under autocast ("not implemented for 'Half'"): its fix is part of the
        # migration, --fix-hazards or not.
        files = {"pool.h": MHA_HEADER, "pool.cpp": MHA_MODEL, "train.cpp": MHA_TRAIN}
        root = self.project("p", files)
        r = self.fix(root, "--diff", "--color=never", "train.cpp", "pool.cpp")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("pool.cpp:4:22: note: torch::nn::MultiheadAttention with a key_padding_mask raises under "
                      "autocast", r.stderr)
        self.assertIn("1 hazard(s) now under autocast, 1 fixed", r.stderr)
        r = self.fix(root, "--color=never", "train.cpp", "pool.cpp")
        self.assertEqual(r.returncode, 0, r.stderr)
        pool = self.contents(root)["pool.cpp"]
        self.assertIn("#include <ampify/amp.h>", pool)
        self.assertIn("return std::get<0>(ampify::run_in_fp32([&](auto &&...ampify_args) { return "
                      "attention->forward(ampify_args...); }, h, h, h, pad));", pool)
        self.assertIn("scaler.scale(loss).backward();", self.contents(root)["train.cpp"])
        r = self.fix(root, "--diff", "train.cpp", "pool.cpp")
        self.assertEqual((r.returncode, r.stdout), (0, ""), r.stderr)

        # In the loop's own file, the migration wraps the call.
        one = self.project("one", {"train.cpp": MHA_HEADER.replace("#pragma once\n", "") +
                                   MHA_MODEL.replace('#include "pool.h"\n', "") +
                                   MHA_TRAIN.replace('#include "pool.h"\n', "")})
        r = self.fix(one, "--diff", "--color=never", "train.cpp")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("with a key padding mask raises under autocast", r.stderr)
        r = self.fix(one, "--color=never", "train.cpp")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("ampify::run_in_fp32([&](auto &&...ampify_args) { return attention->forward(ampify_args...); }",
                      self.contents(one)["train.cpp"])

    def test_a_loop_whose_loss_computes_a_variance_from_fp16_moments_in_another_file_runs_it_in_fp32(self):
        # ssim.cpp's covariance E[xy] - E[x]E[y] would take E[xy] from an fp16 conv2d under the
        # migrated loop's autocast, and the program would train on a different loss: the call of
        # ssim runs in fp32, as it did before the migration.
        files = {"ssim.h": SSIM_HEADER, "ssim.cpp": SSIM, "train.cpp": SSIM_TRAIN}
        root = self.project("p", files)
        r = self.fix(root, "--color=never", "train.cpp", "ssim.cpp")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertRegex(r.stdout, r"train.cpp:9:\d+: note: this call runs in fp32 through ampify::run_in_fp32 "
                                   r"\(autocast off, its tensors cast to float\), as it did before the migration: "
                                   r"under autocast, it would compute a variance from rounded moments \(a variance "
                                   r"computed as E\[x\*y\] - E\[x\]\*E\[y\] loses its digits")
        migrated = self.contents(root)
        self.assertEqual(migrated["ssim.cpp"], SSIM)
        self.assertIn("auto loss = 1.0 - ampify::run_in_fp32([&](auto &&...ampify_args) { return "
                      "ssim(ampify_args...); }, image, target, window);", migrated["train.cpp"])
        self.assertIn("ampify::Autocast autocast(c10::kCUDA);", migrated["train.cpp"])
        # The check of the migrated project finds no variance left under autocast, and a second
        # run changes nothing.
        r = self.fix(root, "--color=never", "train.cpp", "ssim.cpp")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertEqual(self.contents(root), migrated)

    def test_a_loop_whose_loss_in_another_file_raises_under_autocast_runs_it_in_fp32(self):
        # The BCELoss module of loss.cpp raises under CUDA autocast ("unsafe to autocast") and no
        # edit there makes it safe: the loop's call of the loss runs in fp32 (Python's documented
        # fallback), as it did before the migration.
        files = {"loss.h": BCE_HEADER, "loss.cpp": BCE_LOSS, "train.cpp": BCE_TRAIN}
        root = self.project("p", files)
        r = self.fix(root, "--color=never", "--export-fixes=fixes.yaml", "train.cpp", "loss.cpp")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertIn("ampify::run_in_fp32", pathlib.Path(root, "fixes.yaml").read_text())
        r = self.fix(root, "--color=never", "train.cpp", "loss.cpp")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertRegex(r.stdout, r"train.cpp:8:\d+: note: this call runs in fp32 through ampify::run_in_fp32 "
                                   r".*under autocast, it would raise \(torch::nn::BCELoss is unsafe under CUDA "
                                   r"autocast")
        self.assertIn("migrated 1 training loop", r.stderr)
        migrated = self.contents(root)
        self.assertEqual(migrated["loss.cpp"], BCE_LOSS)
        self.assertIn("auto loss = ampify::run_in_fp32([&](auto &&...ampify_args) { return "
                      "criterion->forward(ampify_args...); }, model(x), y);", migrated["train.cpp"])
        r = self.fix(root, "--color=never", "train.cpp", "loss.cpp")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertEqual(self.contents(root), migrated)

    def test_a_loop_whose_loss_in_another_file_raises_under_autocast_behind_a_macro_is_refused(self):
        # The call is written by a macro: ampify cannot wrap it, and migrating the loop would make
        # a program that stops there.
        train = BCE_TRAIN.replace('#include "loss.h"\n', '#include "loss.h"\n#define LOSS(a, b) criterion->forward(a, b)\n'
                                  ).replace("criterion->forward(model(x), y)", "LOSS(model(x), y)")
        files = {"loss.h": BCE_HEADER, "loss.cpp": BCE_LOSS, "train.cpp": train}
        root = self.project("p", files)
        r = self.fix(root, "--color=never", "train.cpp", "loss.cpp")
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertRegex(r.stdout, r"train.cpp:9:\d+: warning: training loop not migrated: this call of a function "
                                   r"of another file would break under autocast, and it is written by a macro")
        self.assertIn("1 training loop(s) not migrated", r.stderr)
        self.assertNotIn("migrated 1 training loop", r.stderr)
        self.assertEqual(self.contents(root), files)
        r = self.fix(root, "--color=never", "--export-fixes=fixes.yaml", "train.cpp", "loss.cpp")
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertIn("Replacements:    []", pathlib.Path(root, "fixes.yaml").read_text())

    def test_source_lines_under_the_migration_note_carry_the_files_line_numbers(self):
        # The loop far below the include that the migration adds: clang numbered the snippet
        # from the include's line (`4 |` for line 39 of testdata/examples/train_gan.cpp).
        padded = HAZARD.replace("struct AttentionImpl", "// padding\n" * 30 + "struct AttentionImpl")
        root = self.project("p", {"a.cpp": padded})
        r = self.fix(root, "--diff", "--color=never", "--device=cuda", "a.cpp")
        lines = padded.splitlines()
        numbered = re.findall(r"^ *(\d+) \| (.*)$", r.stderr, re.M)
        self.assertTrue(numbered, r.stderr)
        for number, text in numbered:
            self.assertEqual(lines[int(number) - 1], text, r.stderr)
        self.assertIn((str(lines.index("    loss.backward();") + 1), "    loss.backward();"), numbered)

    def test_nothing_to_migrate_says_so_in_one_line(self):
        root = self.project("p", {"done.cpp": MIGRATED, "none.cpp": NO_LOOP})
        r = self.fix(root, "--diff", "done.cpp")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout, "")
        self.assertEqual(r.stderr, "ampify: nothing to migrate: 1 loop already migrated\n")
        r = self.fix(root, "--diff", "none.cpp")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stderr, "ampify: nothing to migrate: no training loop in 1 translation unit\n")

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--ampify", required=True)
    ap.add_argument("--mock-prefix", required=True)
    ap.add_argument("--clang-apply-replacements", required=True)
    ap.add_argument("--real-headers", action="store_true", help="parse with the system's LibTorch headers")
    ap.add_argument("--torch-prefix", help="parse with the LibTorch headers under this prefix")
    ARGS, rest = ap.parse_known_args()
    unittest.main(argv=[sys.argv[0], "-v", *rest])
