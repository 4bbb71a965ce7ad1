#!/usr/bin/env python3
"""End-to-end checks of ampify's command line: exit codes, bad input, code-loading flags."""
import argparse
import json
import os
import subprocess
import sys
import unittest

from scratch import ScratchDirTest

ARGS = None

# The BCE call runs in an autocast region (the rule reports only there); the mock <torch/torch.h>
# includes <ATen/autocast_mode.h>.
GOOD = """#include <torch/torch.h>
torch::Tensor f(torch::Tensor z, torch::Tensor y) { at::autocast::set_enabled(true);
  return torch::binary_cross_entropy(torch::sigmoid(z), y);
}
"""
CLEAN = """#include <torch/torch.h>
torch::Tensor f(torch::Tensor z, torch::Tensor y) {
  return torch::binary_cross_entropy_with_logits(z, y);
}
"""
BROKEN = """#include <torch/torch.h>
torch::Tensor f(torch::Tensor z) { return z.no_such_method(); }
"""


def ampify(*args, cwd=None, env=None):
    return subprocess.run([ARGS.ampify, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, cwd=cwd, env=env)


class Cli(ScratchDirTest):
    def setUp(self):
        super().setUp()
        self.mock = "--torch-prefix=" + ARGS.mock_prefix

    def snapshot(self):
        out = {}
        for root, _, files in os.walk(self.dir):
            for name in files:
                path = os.path.join(root, name)
                out[path] = open(path, "rb").read()
        return out

    def test_version_and_help(self):
        r = ampify("--version")
        self.assertEqual(r.returncode, 0)
        self.assertIn("ampify", r.stdout)
        for sub in ("check", "explain"):
            r = ampify(sub, "--help")
            self.assertEqual(r.returncode, 0, sub)
            self.assertIn("USAGE: ampify " + sub, r.stdout)

    def test_findings_exit_1_and_fail_on(self):
        path = self.write("a.cpp", GOOD)
        r = ampify("check", self.mock, "--color=never", path)
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertIn("a.cpp:3:17: warning: binary_cross_entropy is unsafe", r.stdout)
        self.assertIn("[ampify-banned-under-autocast]", r.stdout)
        self.assertIn("binary_cross_entropy_with_logits", r.stdout)  # the fix-it line
        self.assertNotIn("\x1b[", r.stdout)  # no colour when not on a terminal
        self.assertEqual(ampify("check", self.mock, "--fail-on=none", path).returncode, 0)
        self.assertEqual(ampify("check", self.mock, "--fail-on=error", path).returncode, 0)
        self.assertEqual(ampify("check", self.mock, "--checks=-*,ampify-x", path).returncode, 0)

    def test_clean_exit_0(self):
        path = self.write("a.cpp", CLEAN)
        r = ampify("check", self.mock, path)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertEqual(r.stdout, "")
        # One summary line even when there is nothing to report (issue 16, item 6).
        self.assertEqual(r.stderr, "ampify: 0 findings in 1 translation unit\n")
        for name in ("b.cpp", "c.cpp"):
            self.write(name, CLEAN)
        r = ampify("check", self.mock, "--no-cache", self.dir)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertIn("ampify: 0 findings in 3 translation units\n", r.stderr)

    def test_migrated_code_finds_the_runtime_headers_without_a_database(self):
        # The real LibTorch headers, found by ampify itself, and the runtime's real <ampify/amp.h>
        # (no mock of it): code `ampify fix` migrated is checked with no flags at all.
        path = self.write("migrated.cpp", """#include <torch/torch.h>
#include <ampify/amp.h>
torch::Tensor f(torch::Tensor z, torch::Tensor y) {
  ampify::Autocast autocast;
  return torch::binary_cross_entropy(torch::sigmoid(z), y);
}
""")
        r = ampify("check", "--no-cache", path)
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertNotIn("file not found", r.stdout + r.stderr)
        self.assertIn("migrated.cpp:5:17: warning", r.stdout)

    def test_directory_is_searched_recursively(self):
        self.write("src/deep/a.cpp", GOOD)
        self.write("src/notes.txt", "not code")
        r = ampify("check", self.mock, os.path.join(self.dir, "src"))
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertIn("deep/a.cpp:3:17", r.stdout)

    def test_bad_inputs_exit_2_and_write_nothing(self):
        good = self.write("a.cpp", GOOD)
        self.write("notes.py", "print(1)\n")
        self.write("build/compile_commands.json", "[{\"directory\": 1")
        before = self.snapshot()
        cases = [
            (["check", self.mock, os.path.join(self.dir, "missing.cpp")], "does not exist"),
            (["check", self.mock, os.path.join(self.dir, "notes.py")], "is not a C++ or CUDA source"),
            (["check", "-p", os.path.join(self.dir, "build")], "malformed"),
            (["check", "-p", os.path.join(self.dir, "nobuild")], "does not exist"),
            (["check", "--torch-prefix=" + self.dir, good], "holds no include/torch"),
            (["check", self.mock, "--checks=,", good], "names no checks"),
            (["check", self.mock, "--fail-on=sometimes", good], "--fail-on"),
            (["check", self.mock, "--preamble-cache-size=5X", good], "--preamble-cache-size"),
            (["check", self.mock, "--preamble-cache-size=-1", good], "--preamble-cache-size"),
            (["check", "--no-such-flag", good], "Unknown command line argument"),
            (["check"], "no input"),
            (["explain", "ampify-no-such-rule"], "no check named"),
            ([], "no subcommand"),
        ]
        for args, message in cases:
            r = ampify(*args, "--fix") if args and args[0] == "check" and len(args) > 1 else ampify(*args)
            self.assertEqual(r.returncode, 2, (args, r.stdout, r.stderr))
            self.assertIn(message, r.stderr, args)
            self.assertNotIn("Stack dump", r.stderr, args)
        self.assertEqual(self.snapshot(), before)

    def test_malformed_database_names_the_file(self):
        self.write("build/compile_commands.json", "[{\"directory\": 1")
        r = ampify("check", "-p", os.path.join(self.dir, "build"))
        self.assertIn(os.path.join(self.dir, "build", "compile_commands.json"), r.stderr)

    def test_unparsable_tu_is_reported_and_the_rest_analysed(self):
        broken = self.write("broken.cpp", BROKEN)
        good = self.write("good.cpp", GOOD)
        r = ampify("check", self.mock, broken, good)
        self.assertEqual(r.returncode, 2)
        self.assertIn("no member named 'no_such_method'", r.stderr)  # the compiler's own error
        self.assertIn("broken.cpp was not analysed", r.stderr)
        self.assertIn("good.cpp:3:17: warning", r.stdout)

    def test_code_loading_flags_from_a_database_are_dropped(self):
        src = self.write("a.cpp", GOOD)
        inc = os.path.join(ARGS.mock_prefix, "include")
        api = os.path.join(inc, "torch/csrc/api/include")
        evil = os.path.join(self.dir, "evil.so")  # does not exist: loading it would fail the TU
        db = [{"directory": self.dir, "file": src,
               "arguments": ["clang++", "-std=c++17", "-isystem", inc, "-isystem", api,
                             "-fplugin=" + evil, "-Xclang", "-load", "-Xclang", evil, "-c", src]}]
        self.write("build/compile_commands.json", json.dumps(db))
        r = ampify("check", "-p", os.path.join(self.dir, "build"))
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertIn("ignoring '-fplugin=" + evil + "'", r.stderr)
        self.assertIn("ignoring '-Xclang -load -Xclang " + evil + "'", r.stderr)
        self.assertIn("a.cpp:3:17: warning", r.stdout)

    def test_database_paths_filter_the_tus(self):
        inc = os.path.join(ARGS.mock_prefix, "include")
        api = os.path.join(inc, "torch/csrc/api/include")
        a = self.write("src/a.cpp", GOOD)
        b = self.write("other/b.cpp", GOOD)
        db = [{"directory": self.dir, "file": f,
               "arguments": ["clang++", "-std=c++17", "-isystem", inc, "-isystem", api, "-c", f]}
              for f in (a, b)]
        self.write("build/compile_commands.json", json.dumps(db))
        r = ampify("check", "-p", os.path.join(self.dir, "build"), os.path.join(self.dir, "src"))
        self.assertIn("a.cpp:3:17", r.stdout)
        self.assertNotIn("b.cpp", r.stdout)

    def test_fix_rewrites_in_place(self):
        path = self.write("a.cpp", GOOD)
        r = ampify("check", self.mock, "--fix", path)
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertIn("torch::binary_cross_entropy_with_logits(z, y)", open(path).read())
        self.assertEqual(ampify("check", self.mock, path).returncode, 0)

    def mock_flags(self):
        inc = os.path.join(ARGS.mock_prefix, "include")
        return ["-isystem", inc, "-isystem", os.path.join(inc, "torch/csrc/api/include")]

    def test_compile_flags_after_double_dash(self):
        # clang-tidy's command line: FILE... -- FLAGS is a fixed compilation database.
        self.write("inc/target.h", "#define TARGET y\n")
        src = self.write("src/a.cpp", GOOD.replace("(torch::sigmoid(z), y)", "(torch::sigmoid(z), TARGET)")
                         .replace("#include <torch/torch.h>", "#include <torch/torch.h>\n#include \"target.h\""))
        # The relative -I resolves from the working directory, not from the file's directory.
        r = ampify("check", "--color=never", "src/a.cpp", "--", "-Iinc", *self.mock_flags(), cwd=self.dir)
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertIn("a.cpp:4:17: warning", r.stdout)
        # Without the flags the header is not found: the TU does not compile.
        r = ampify("check", "--color=never", "src/a.cpp", "--", *self.mock_flags(), cwd=self.dir)
        self.assertEqual(r.returncode, 2)
        self.assertIn("'target.h' file not found", r.stderr)
        # --extra-arg's relative paths resolve from the working directory too.
        r = ampify("check", self.mock, "--color=never", "--extra-arg=-Iinc", "src/a.cpp", cwd=self.dir)
        self.assertEqual(r.returncode, 1, r.stderr)
        # The compiler's own -c and -o, and the input repeated, are taken off as clang-tidy does.
        r = ampify("check", "--color=never", src, "--", "-c", "-o", "a.o", "-Iinc", *self.mock_flags(), src,
                   cwd=self.dir)
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertIn("a.cpp:4:17: warning", r.stdout)
        self.assertFalse(os.path.exists(os.path.join(self.dir, "a.o")))

    def test_compile_flags_replace_the_database(self):
        src = self.write("a.cpp", GOOD)
        # A database whose flags cannot compile a.cpp: '--' wins over -p, as in clang-tidy.
        db = [{"directory": self.dir, "file": src, "arguments": ["clang++", "-DNO_TORCH", "-c", src]}]
        self.write("build/compile_commands.json", json.dumps(db))
        r = ampify("check", "--color=never", "-p", os.path.join(self.dir, "build"), src, "--",
                   *self.mock_flags())
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertIn("is ignored: the compile flags after '--'", r.stderr)
        self.assertIn("a.cpp:3:17: warning", r.stdout)

    def test_compile_flags_usage_errors(self):
        src = self.write("a.cpp", GOOD)
        before = self.snapshot()
        r = ampify("check", "--", *self.mock_flags())
        self.assertEqual(r.returncode, 2)
        self.assertIn("name the files before '--'", r.stderr)
        r = ampify("explain", "ampify-banned-under-autocast", "--", "-std=c++17")
        self.assertEqual(r.returncode, 2)
        self.assertIn("only check and fix take compile flags", r.stderr)
        r = ampify("fix", "--diff", src, "--", "-std=c++17", *self.mock_flags())
        self.assertIn(r.returncode, (0, 1), r.stderr)
        self.assertEqual(self.snapshot(), before)
        for sub in ("check", "fix"):
            self.assertIn("FILE... -- FLAGS", ampify(sub, "--help").stdout, sub)

    def test_explain_prints_every_rule_doc(self):
        r = ampify("explain", "--list")
        self.assertEqual(r.returncode, 0)
        names = [l for l in r.stdout.splitlines() if l.startswith("ampify-")]
        self.assertTrue(names)
        docs = sorted(n[:-3] for n in os.listdir(ARGS.docs) if n.endswith(".md"))
        self.assertEqual(sorted(names), docs, "every rule needs docs/rules/<name>.md and vice versa")
        for name in names:
            r = ampify("explain", name)
            self.assertEqual(r.returncode, 0, name)
            self.assertEqual(r.stdout, open(os.path.join(ARGS.docs, name + ".md")).read())


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--ampify", required=True)
    ap.add_argument("--mock-prefix", required=True)
    ap.add_argument("--docs", required=True)
    ARGS, rest = ap.parse_known_args()
    unittest.main(argv=[sys.argv[0], "-v", *rest])
