#!/usr/bin/env python3
"""Headers classified by whose they are, on the real LibTorch headers: a project (a VCS root) whose
compile_commands.json names LibTorch's include directory with -I (what
include_directories(${TORCH_INCLUDE_DIRS}) writes) and one that names it with -isystem (an imported
target). Both must share a precompiled <torch/torch.h> preamble, keep the project's own <...>
header out of it (its finding is reported), and give the same findings as a run with neither
cache nor preamble, and as each other."""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import unittest

from scratch import ScratchDirTest

ARGS = None

# The project's own header, found through <...> and -I: its hazard must be reported.
USER_HEADER = """#pragma once
#include <torch/torch.h>
#include <ampify/amp.h>
inline torch::Tensor user_loss(torch::Tensor z, torch::Tensor y) { ampify::Autocast autocast;
  return torch::binary_cross_entropy(z, y);
}
"""
# Starts like the rule file, so that the two TUs share a preamble of their common library includes.
USER_TU = """#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <proj/helpers.h>
torch::Tensor h(torch::Tensor z) { return user_loss(z, z); }
"""


class Ownership(ScratchDirTest):
    def setUp(self):
        super().setUp()
        self.proj = os.path.join(self.dir, "proj")
        os.makedirs(os.path.join(self.proj, ".git"))  # the VCS root that bounds the project
        self.write("proj/include/proj/helpers.h", USER_HEADER)
        self.write("proj/src/user.cpp", USER_TU)
        shutil.copy(ARGS.source, os.path.join(self.proj, "src", "rules.cpp"))

    def database(self, flag):
        build = os.path.join(self.proj, "build-" + flag.strip("-"))
        os.makedirs(build)
        commands = []
        for name in ("rules.cpp", "user.cpp"):
            path = os.path.join(self.proj, "src", name)
            args = ["clang++", "-std=c++17", flag, ARGS.torch_include, flag, ARGS.torch_api_include,
                    # ampify's runtime headers: a library outside this project, named with -I too.
                    flag, ARGS.runtime_include,
                    "-I", os.path.join(self.proj, "include"), "-c", path, "-o", name + ".o"]
            if ARGS.torch_include == "/usr/include":  # a default directory is never named again
                args[2:4] = []
            commands.append({"directory": build, "file": path, "arguments": args})
        with open(os.path.join(build, "compile_commands.json"), "w") as f:
            json.dump(commands, f)
        return build

    def check(self, build, *args):
        run = subprocess.run([ARGS.ampify, "check", "-p", build, "-j2", "--format=json", "--fail-on=none",
                              "--verbose", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             timeout=1500)
        self.assertEqual(run.returncode, 0, run.stderr)
        return json.loads(run.stdout), run.stderr

    def test_same_findings_with_and_without_the_preamble_for_dash_i_and_isystem(self):
        results = {}
        for flag in ("-I", "-isystem"):
            build = self.database(flag)
            cache = os.path.join(self.dir, "cache" + flag)
            shared, log = self.check(build, "--cache-dir", cache)
            # One preamble of the library headers, used by both TUs, whichever flag named them.
            self.assertIn("preambles: 1 built", log, flag)
            for name in ("rules.cpp", "user.cpp"):
                self.assertRegex(log, r"analysed .*%s \(.*preamble\)" % re.escape(name), flag)
            plain, _ = self.check(build, "--no-cache", "--no-preamble")
            results[flag + " preamble"] = shared
            results[flag + " plain"] = plain
        reference = results["-I plain"]
        messages = [(os.path.basename(f["path"]), f["line"], f["rule"]) for f in reference["findings"]]
        # The project's header behind <...> was analysed, not hidden in the preamble, and the
        # rule file's own expectations were found.
        self.assertIn(("helpers.h", 5, "ampify-banned-under-autocast"), messages)
        self.assertTrue(any(name == "rules.cpp" for name, _, _ in messages), messages)
        for label, result in results.items():
            self.assertEqual(result["findings"], reference["findings"], label)


def main():
    global ARGS
    ap = argparse.ArgumentParser()
    ap.add_argument("--ampify", required=True)
    ap.add_argument("--torch-api-include", required=True, help="<prefix>/include/torch/csrc/api/include")
    ap.add_argument("--runtime-include", required=True)
    ap.add_argument("--source", required=True, help="a testdata rule file with findings")
    ARGS, rest = ap.parse_known_args()
    ARGS.torch_include = os.path.normpath(os.path.join(ARGS.torch_api_include, "../../../.."))
    unittest.main(argv=[sys.argv[0]] + rest)


if __name__ == "__main__":
    main()
