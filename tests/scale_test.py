#!/usr/bin/env python3
"""The execution engine end to end, on the mock headers: parallel workers with ordered output,
the shared preamble (same findings with and without it), the result cache (a re-run parses
nothing; a change re-parses what it touches), progress, sharding and `ampify merge`, and the bad
input that must not poison later runs: an unwritable cache, concurrent runs sharing a cache, a
worker killed mid-analysis, corrupt cache entries."""
import argparse
import atexit
import glob
import json
import os
import pty
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
import unittest

from scratch import ScratchDirTest

ARGS = None

HAZARD = """#include <torch/torch.h>
#include "shared.h"
torch::Tensor f{n}(torch::Tensor z, torch::Tensor y) {{ at::autocast::set_enabled(true);
  return torch::binary_cross_entropy(torch::sigmoid(z), y);
}}
"""
CLEAN = """#include <torch/torch.h>
torch::Tensor g{n}(torch::Tensor z, torch::Tensor y) {{
  return torch::binary_cross_entropy_with_logits(z, y);
}}
"""
# A user header with a hazard, included by several TUs: reported once.
SHARED_H = """#pragma once
#include <torch/torch.h>
inline torch::Tensor shared(torch::Tensor z, torch::Tensor y) { at::autocast::set_enabled(true);
  return torch::binary_cross_entropy(z, y);
}
"""
# A user header reached through <...> and -I: must stay out of the preamble and be analysed.
ANGLE_USER_H = """#pragma once
#include <torch/torch.h>
inline torch::Tensor angled(torch::Tensor z, torch::Tensor y) { at::autocast::set_enabled(true);
  return torch::binary_cross_entropy(z, y);
}
"""
ANGLE_TU = """#include <torch/torch.h>
#include <proj/angled.h>
torch::Tensor h{n}(torch::Tensor z) {{ return angled(z, z); }}
"""
# A class template module built through the library's forwarding templates (ModuleHolder's
# variadic constructor, std::make_shared), whose bodies the preamble leaves out: its constructor
# must still be instantiated, so that the sizes the calls pass reach its layers.
TEMPLATE_MODULE = """#include <torch/torch.h>
struct Basic {};
template <typename Block>
class ResNetImpl : public torch::nn::Module {
public:
  explicit ResNetImpl(int64_t width, int64_t num_classes = 10);
  torch::Tensor forward(torch::Tensor x) { return classifier(x); }
  torch::nn::Linear classifier{nullptr};
};
template <typename Block>
ResNetImpl<Block>::ResNetImpl(int64_t width, int64_t num_classes) : classifier(width, num_classes) {
  register_module("classifier", classifier);
}
template <typename Block = Basic>
class ResNet : public torch::nn::ModuleHolder<ResNetImpl<Block>> {
public:
  using torch::nn::ModuleHolder<ResNetImpl<Block>>::ModuleHolder;
};
void build() {
  ResNet<Basic> model(64, 100);
  auto shared = std::make_shared<ResNetImpl<Basic>>(36, 64);
}
"""
# Constant evaluation that keeps a worker busy for seconds (about 5 s at 3,000,000 steps on the 2-core
# development machine; the kill comes half a second into it): the TU to kill.
SLOW = """#include <torch/torch.h>
constexpr long spin(long n) { long s = 0; for (long i = 0; i < n; ++i) s += i %% 7; return s; }
static_assert(spin(%d) > 0);
torch::Tensor slow(torch::Tensor z, torch::Tensor y) { at::autocast::set_enabled(true);
  return torch::binary_cross_entropy(z, y);
}
"""


def ampify(*args, env=None, timeout=300, cwd=None):
    return subprocess.run([ARGS.ampify, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, env=env, timeout=timeout, cwd=cwd)


class Scale(ScratchDirTest):
    def setUp(self):
        super().setUp()
        self.src = os.path.join(self.dir, "src")
        self.cache = os.path.join(self.dir, "cache")
        self.mock = "--torch-prefix=" + ARGS.mock_prefix
        self.write("src/shared.h", SHARED_H)
        for n in range(4):
            self.write("src/hazard%d.cpp" % n, HAZARD.format(n=n))
        for n in range(3):
            self.write("src/clean%d.cpp" % n, CLEAN.format(n=n))

    def stderr_on_a_terminal(self, env):
        """What `ampify check -j2 --no-cache src` writes to stderr when stderr is a terminal."""
        master, slave = pty.openpty()
        proc = subprocess.Popen([ARGS.ampify, "check", self.mock, "--color=never", "--cache-dir=" + self.cache,
                                 "-j2", "--no-cache", self.src], stdout=subprocess.PIPE, stderr=slave, env=env)
        os.close(slave)
        seen = b""
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # the terminal closes when the process exits
                break
            if not chunk:
                break
            seen += chunk
        proc.communicate(timeout=300)
        os.close(master)
        return seen

    def check(self, *args, cache=None, env=None, cwd=None):
        return ampify("check", self.mock, "--color=never", "--cache-dir=" + (cache or self.cache),
                      *args, env=env, cwd=cwd)

    def test_parallel_output_is_ordered_and_deduplicated(self):
        serial = self.check("-j1", "--no-cache", "--no-preamble", self.src)
        parallel = self.check("-j4", "--no-cache", "--no-preamble", self.src)
        self.assertEqual(serial.returncode, 1, serial.stderr)
        self.assertEqual(parallel.returncode, 1, parallel.stderr)
        self.assertEqual(serial.stdout, parallel.stdout)
        # 4 TUs include shared.h: its finding is reported once; one finding per hazard TU.
        self.assertEqual(parallel.stdout.count("shared.h:4:17: warning"), 1, parallel.stdout)
        self.assertEqual(len(re.findall(r"hazard\d\.cpp:4:\d+: warning", parallel.stdout)), 4)
        self.assertIn("5 findings in 7 translation units", parallel.stderr)

    def test_preamble_gives_identical_findings(self):
        self.write("inc/proj/angled.h", ANGLE_USER_H)
        for n in range(2):
            self.write("src/angled%d.cpp" % n, ANGLE_TU.format(n=n))
        self.write("src/resnet.cpp", TEMPLATE_MODULE)
        # Run from the project's root, as its users do: without a compile database the working
        # directory is the command's, and inc/ is the project's own (HeaderOwnership.h).
        inc = "--extra-arg=-Iinc"
        plain = self.check("-j2", "--no-cache", "--no-preamble", inc, self.src, cwd=self.dir)
        shared = self.check("-j2", "--no-cache", "--verbose", inc, self.src, cwd=self.dir)
        self.assertEqual(plain.returncode, 1, plain.stderr)
        self.assertEqual(plain.stdout, shared.stdout)
        self.assertIn("precompiling the preamble", shared.stderr)
        self.assertRegex(shared.stderr, r"analysed .*hazard0\.cpp \(.*preamble\)")
        # The user's header behind <...> was analysed, not hidden in the preamble.
        self.assertIn("angled.h:4:17: warning", shared.stdout)
        # Both calls' sizes reach the class template's Linear.
        self.assertRegex(shared.stdout, r"resnet\.cpp:\d+:\d+: warning: .*out_features = 100")
        self.assertRegex(shared.stdout, r"resnet\.cpp:\d+:\d+: warning: .*in_features = 36")
        # The next run reuses the preamble from the cache, still with the same findings.
        again = self.check("-j2", "--no-cache", "--verbose", inc, self.src, cwd=self.dir)
        self.assertIn("reusing the cached preamble", again.stderr)
        self.assertEqual(plain.stdout, again.stdout)

    def test_tus_that_start_alike_share_one_preamble(self):
        # Same first include, different second ones: one preamble of what they all start with.
        self.write("src/vec.cpp", "#include <torch/torch.h>\n#include <vector>\n" + CLEAN.format(n="vec"))
        self.write("src/map.cpp", "#include <torch/torch.h>\n#include <map>\n" + HAZARD.format(n="map"))
        plain = self.check("-j2", "--no-cache", "--no-preamble", self.src)
        first = self.check("-j2", "--verbose", self.src)
        self.assertEqual(plain.stdout, first.stdout)
        self.assertIn("preambles: 1 built, 0 reused", first.stderr)
        self.assertEqual(len(glob.glob(os.path.join(self.cache, "preambles", "*.pch"))), 1)
        # One edited TU, parsed alone, still uses the cached preamble of its leading include.
        with open(os.path.join(self.src, "map.cpp"), "a") as f:
            f.write("\n// edited\n")
        again = self.check("-j2", "--verbose", self.src)
        self.assertIn("1 parsed; preambles: 0 built, 1 reused", again.stderr)
        self.assertRegex(again.stderr, r"analysed .*map\.cpp \(.*preamble\)")
        self.assertEqual(plain.stdout, again.stdout)

    def test_tus_that_start_with_their_own_header_share_its_libraries(self):
        # Most projects' files start with the project's own header, which starts with
        # <torch/torch.h>: they share a preamble of that, and the header itself is still analysed.
        self.write("src/model.h", "// the model\n#ifndef MODEL_H\n#define MODEL_H\n#include <torch/torch.h>\n"
                   "inline torch::Tensor own(torch::Tensor z, torch::Tensor y) { at::autocast::set_enabled(true);\n"
                   "  return torch::binary_cross_entropy(z, y);\n}\n#endif\n")
        for n in range(2):
            self.write("src/user%d.cpp" % n, '#include "model.h"\n' + CLEAN.format(n="user%d" % n).split("\n", 1)[1])
        plain = self.check("-j2", "--no-cache", "--no-preamble", self.src)
        shared = self.check("-j2", "--no-cache", "--verbose", self.src)
        self.assertEqual(plain.stdout, shared.stdout)
        self.assertRegex(shared.stderr, r"analysed .*user0\.cpp \(.*preamble\)")
        self.assertRegex(shared.stderr, r"analysed .*user1\.cpp \(.*preamble\)")
        self.assertEqual(shared.stdout.count("model.h:6:17: warning"), 1, shared.stdout)

    def test_corrupt_or_stale_preamble_is_rebuilt(self):
        first = self.check("-j2", "--no-cache", self.src)
        pchs = glob.glob(os.path.join(self.cache, "preambles", "*.pch"))
        self.assertEqual(len(pchs), 1, first.stderr)
        with open(pchs[0], "r+b") as f:
            f.truncate(1000)
        again = self.check("-j2", "--no-cache", "--verbose", self.src)
        self.assertEqual(first.stdout, again.stdout)
        self.assertNotIn("reusing the cached preamble", again.stderr)
        self.assertIn("precompiling the preamble", again.stderr)

    def test_stale_preamble_after_header_change(self):
        mock = os.path.join(self.dir, "mock")
        shutil.copytree(ARGS.mock_prefix, mock)
        args = ["-j2", "--no-cache", "--verbose", "--torch-prefix=" + mock]
        first = self.check(*args, self.src)
        self.assertIn("precompiling the preamble", first.stderr)
        torch_h = glob.glob(os.path.join(mock, "**", "torch", "torch.h"), recursive=True)[0]
        with open(torch_h, "a") as f:
            f.write("\n// changed\n")
        again = self.check(*args, self.src)
        self.assertIn("precompiling the preamble", again.stderr)
        self.assertNotIn("failed", again.stderr)
        self.assertEqual(first.stdout, again.stdout)

    def test_result_cache_reuses_unchanged_tus(self):
        cold = self.check("-j2", "--verbose", self.src)
        self.assertIn("7 TU(s): 0 cached, 7 parsed", cold.stderr)
        warm = self.check("-j2", "--verbose", self.src)
        self.assertIn("7 TU(s): 7 cached, 0 parsed", warm.stderr)
        self.assertEqual(cold.stdout, warm.stdout)
        self.assertEqual(cold.returncode, warm.returncode)
        # A header change re-parses exactly the TUs that read it.
        with open(os.path.join(self.src, "shared.h"), "a") as f:
            f.write("// touched\n")
        touched = self.check("-j2", "--verbose", self.src)
        self.assertIn("7 TU(s): 3 cached, 4 parsed", touched.stderr)
        self.assertEqual(cold.stdout, touched.stdout)
        # Different checks: nothing is reused.
        other = self.check("-j2", "--verbose", "--checks=-*", self.src)
        self.assertIn("0 cached, 7 parsed", other.stderr)
        self.assertEqual(other.stdout, "")
        # --no-cache parses everything.
        self.assertIn("0 cached, 7 parsed", self.check("-j2", "--verbose", "--no-cache", self.src).stderr)

    def test_corrupt_result_entry_is_ignored(self):
        cold = self.check("-j2", self.src)
        for path in glob.glob(os.path.join(self.cache, "results", "*", "*.json")):
            with open(path, "w") as f:
                f.write("{not json")
        again = self.check("-j2", "--verbose", self.src)
        self.assertIn("0 cached, 7 parsed", again.stderr)
        self.assertEqual(cold.stdout, again.stdout)

    def test_unwritable_cache_runs_without_it(self):
        os.makedirs(self.cache)
        os.chmod(self.cache, stat.S_IRUSR | stat.S_IXUSR)
        if os.access(self.cache, os.W_OK):
            self.skipTest("running as root: permissions are not enforced")
        r = self.check("-j2", self.src)
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertIn("is not writable; running without the cache", r.stderr)
        self.assertIn("5 findings", r.stderr)
        self.assertEqual(os.listdir(self.cache), [])

    def test_concurrent_runs_share_a_cache(self):
        cmd = [ARGS.ampify, "check", self.mock, "--color=never", "--cache-dir=" + self.cache, "-j2", self.src]
        runs = [subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(3)]
        outs = [p.communicate(timeout=300) for p in runs]
        for p, (out, err) in zip(runs, outs):
            self.assertEqual(p.returncode, 1, err)
            self.assertEqual(out, outs[0][0])
        warm = self.check("-j2", "--verbose", self.src)
        self.assertIn("7 cached, 0 parsed", warm.stderr)
        self.assertEqual(warm.stdout, outs[0][0])
        self.assertFalse(glob.glob(os.path.join(self.cache, "**", "*.tmp-*"), recursive=True))

    def test_killed_worker_is_reported_and_not_cached(self):
        slow = self.write("src/slow.cpp", SLOW % 3000000)
        args = ["-j2", "--verbose", "--extra-arg=-fconstexpr-steps=2000000000", self.src]
        proc = subprocess.Popen([ARGS.ampify, "check", self.mock, "--color=never",
                                 "--cache-dir=" + self.cache, *args],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        killed = self.kill_worker_of(slow, proc)
        out, err = proc.communicate(timeout=300)
        self.assertTrue(killed, err)
        self.assertEqual(proc.returncode, 2, err)
        self.assertRegex(err, r"slow\.cpp was not analysed: the analysis crashed or was killed")
        self.assertIn("5 findings in 8 translation units, 1 not analysed", err)
        # The next run re-analyses the killed TU (its result was never cached) and reuses the rest.
        again = self.check(*args)
        self.assertIn("8 TU(s): 7 cached, 1 parsed", again.stderr)
        self.assertIn("slow.cpp:5:17: warning", again.stdout)

    def kill_worker_of(self, source, proc):
        """SIGKILLs the worker analysing `source` (only a child of `proc` whose request names it)."""
        deadline = time.time() + 120
        while time.time() < deadline and proc.poll() is None:
            for pid in os.listdir("/proc"):
                if not pid.isdigit():
                    continue
                try:
                    with open("/proc/%s/cmdline" % pid, "rb") as f:
                        argv = f.read().split(b"\0")
                    with open("/proc/%s/stat" % pid) as f:
                        ppid = int(f.read().rsplit(")", 1)[1].split()[1])
                except OSError:
                    continue
                if ppid != proc.pid:
                    continue
                requests = [a[len(b"--worker="):] for a in argv if a.startswith(b"--worker=")]
                if not requests:
                    continue
                try:
                    with open(requests[0].decode()) as f:
                        request = json.load(f)
                except (OSError, ValueError):
                    continue
                if request.get("file") == source:
                    time.sleep(0.5)  # well into the parse
                    os.kill(int(pid), signal.SIGKILL)
                    return True
            time.sleep(0.05)
        return False

    def test_progress_only_on_a_terminal(self):
        quiet = self.check("-j2", "--no-cache", self.src)
        self.assertNotIn("\r", quiet.stderr)
        self.assertNotIn("ETA", quiet.stderr)
        env = {k: v for k, v in os.environ.items() if k != "CI"}
        seen = self.stderr_on_a_terminal(env)
        self.assertRegex(seen.decode(errors="replace"), r"\[\d+/7\] \d+%")
        env["CI"] = "true"
        seen = self.stderr_on_a_terminal(env)
        self.assertNotIn(b"ETA", seen)
        self.assertNotIn(b"/7]", seen)

    def test_shards_partition_and_merge(self):
        full = self.check("-j2", "--no-cache", "--format=json", self.src)
        if "format" in full.stderr and full.returncode == 2:
            self.skipTest("--format=json is not available in this build")
        parts, fixes = [], []
        for k in (1, 2, 3):
            path = os.path.join(self.dir, "shard%d.json" % k)
            fix = os.path.join(self.dir, "shard%d.yaml" % k)
            r = self.check("-j2", "--verbose", "--shard=%d/3" % k, "--format=json", "--export-fixes=" + fix, self.src)
            self.assertIn(r.returncode, (0, 1), r.stderr)
            with open(path, "w") as f:
                f.write(r.stdout)
            parts.append(path)
            fixes.append(fix)
            self.assertRegex(r.stderr, r"(3|2) TU\(s\)")
        merged = ampify("merge", *parts)
        self.assertEqual(merged.returncode, 0, merged.stderr)
        self.assertEqual(json.loads(merged.stdout)["findings"], json.loads(full.stdout)["findings"])
        # JSON shards also give the fixes file one run exports.
        one = os.path.join(self.dir, "one.yaml")
        self.assertEqual(self.check("-j2", "--no-cache", "--format=json", "--export-fixes=" + one, self.src).returncode, 1)
        joined = os.path.join(self.dir, "joined.yaml")
        r = ampify("merge", "--export-fixes=" + joined, *parts)
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(one) as a, open(joined) as b:
            self.assertEqual(b.read(), a.read())
        out = os.path.join(self.dir, "all.yaml")
        r = ampify("merge", "-o", out, *[f for f in fixes if os.path.exists(f)])
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(out) as f:
            text = f.read()
        self.assertEqual(text.count("DiagnosticName:"), 5, text)
        bad = ampify("merge", parts[0], fixes[0])
        self.assertEqual(bad.returncode, 2)
        self.assertIn("one kind", bad.stderr)
        self.assertEqual(self.check("--shard=4/3", self.src).returncode, 2)


class CrossUnitCase(ScratchDirTest):
    """A project of testdata/crossunit/ (DATA) checked with CHECKS: its files carry the findings
    expected across TUs as CROSS-EXPECT comments."""

    DATA = None
    RULE = "ampify-tensor-core-alignment"
    CHECKS = "-*," + RULE

    # Every case of the process runs in one directory, emptied between tests, and shares one
    # preamble store: a preamble is keyed by the working directory of the compile command, so
    # the LibTorch preamble is built once per run instead of once per test (20 s each on the real
    # headers). Results stay per test (the cache directory is emptied with the rest), so cold runs
    # stay cold.
    shared_root = None

    @classmethod
    def setUpClass(cls):
        if CrossUnitCase.shared_root is None:
            CrossUnitCase.shared_root = os.path.realpath(tempfile.mkdtemp(prefix="ampify-crossunit-"))
            os.makedirs(os.path.join(CrossUnitCase.shared_root, "preambles"))
            atexit.register(shutil.rmtree, CrossUnitCase.shared_root, True)

    def setUp(self):
        self.dir = os.path.join(CrossUnitCase.shared_root, "project")
        os.makedirs(self.dir)
        testdata = os.path.join(os.path.dirname(os.path.abspath(ARGS.mock_prefix)), "crossunit", self.DATA)
        self.src = os.path.join(self.dir, "src")
        shutil.copytree(testdata, self.src)
        self.cache = os.path.join(self.dir, "cache")
        os.makedirs(self.cache)
        os.symlink(os.path.join(CrossUnitCase.shared_root, "preambles"), os.path.join(self.cache, "preambles"))

    @staticmethod
    def headers():
        """The LibTorch headers the TUs are parsed with: the mock ones, (--real-headers) the
        installed LibTorch that ampify finds by itself, or (--torch-prefix) another LibTorch."""
        if ARGS.torch_prefix:
            return ["--torch-prefix=" + ARGS.torch_prefix]
        return [] if ARGS.real_headers else ["--torch-prefix=" + ARGS.mock_prefix]

    def check(self, *args, fmt="json"):
        return ampify("check", *self.headers(), "--color=never", "--cache-dir=" + self.cache,
                      "--checks=" + self.CHECKS, "--format=" + fmt, "--project-root=" + self.dir, *args, self.src,
                      cwd=self.dir)

    def alone(self, name):
        """The findings of `check` on the TU `name` by itself, reusing no result (only the
        preamble that the project's runs cached)."""
        return self.findings(ampify("check", *self.headers(), "--no-cache", "--cache-dir=" + self.cache,
                                    "--format=json", "--checks=" + self.CHECKS, os.path.join(self.src, name),
                                    cwd=self.dir))

    def shards(self, *args, per_shard=((), ()), fmt="json"):
        """The reports of `check --shard=K/2` with `args`, and the shard's own `per_shard` ones."""
        parts = []
        for k in (1, 2):
            r = self.check("--no-cache", "--shard=%d/2" % k, *args, *per_shard[k - 1], fmt=fmt)
            self.assertIn(r.returncode, (0, 1), r.stderr)
            parts.append(self.write("shard%d.%s" % (k, fmt), r.stdout))
        return parts

    def assertMergeIsOneRun(self, *args, fmt="json"):
        """Shards with `args`, merged, give what one run with `args` gives; returns the findings."""
        full = self.check("-j2", "--no-cache", *args, fmt=fmt)
        self.assertIn(full.returncode, (0, 1), full.stderr)
        formats = () if fmt == "json" else ("--format=" + fmt,)  # json: merge's default
        merged = ampify("merge", "--fail-on=warning", *formats, *self.shards(*args), cwd=self.dir)
        self.assertEqual(merged.returncode, full.returncode, merged.stderr)  # check's default --fail-on
        self.assertEqual(json.loads(merged.stdout), json.loads(full.stdout))
        return json.loads(full.stdout)["findings"] if fmt == "json" else None

    def expected(self):
        want = []
        for name in sorted(os.listdir(self.src)):
            with open(os.path.join(self.src, name)) as f:
                for number, line in enumerate(f, 1):
                    m = re.search(r"// CROSS-EXPECT: (.*)$", line)
                    if m:
                        want.append(("src/" + name, number, m.group(1).strip()))
        return want

    def findings(self, r):
        self.assertIn(r.returncode, (0, 1), r.stderr)
        return json.loads(r.stdout)["findings"]

    def assertExpected(self, findings):
        got = [(f["path"], f["line"], f["message"]) for f in findings]
        want = self.expected()
        self.assertEqual(len(got), len(want), json.dumps(findings, indent=1))
        for (path, line, text), (gpath, gline, message) in zip(sorted(want), sorted(got)):
            self.assertEqual((gpath, gline), (path, line), message)
            self.assertIn(text, message)


class CrossUnit(CrossUnitCase):
    """Analysis across TUs (docs/analysis.md) on testdata/crossunit/alignment: a model defined in
    model.cpp whose sizes main.cpp passes. The findings must be those its CROSS-EXPECT comments
    name, the same with workers, from a warm cache and from merged shards."""

    DATA = "alignment"

    def test_findings_across_units(self):
        findings = self.findings(self.check("-j2", "--no-cache"))
        self.assertExpected(findings)
        hidden = [f for f in findings if "`kHidden`" in f["message"]][0]
        # One note at each use, two of them in the other file; and the step through the call.
        uses = [(n["path"], n["line"]) for n in hidden["notes"] if "is used here as" in n["message"]]
        self.assertEqual(uses, [("src/main.cpp", 17), ("src/model.cpp", 4), ("src/model.cpp", 5)])
        self.assertTrue(any(n["path"] == "src/main.cpp" and "at this call of `NetImpl`" in n["message"]
                            for n in hidden["notes"]), hidden["notes"])
        # One TU alone knows only what it defines and uses: model.cpp's sizes are unknown.
        self.assertEqual(self.alone("model.cpp"), [])

    def test_warm_cache_gives_the_same_findings(self):
        cold = self.check("-j2", "--verbose")
        self.assertIn("2 TU(s): 0 cached, 2 parsed", cold.stderr)
        start = time.time()
        warm = self.check("-j2", "--verbose")
        seconds = time.time() - start
        self.assertIn("2 TU(s): 2 cached, 0 parsed", warm.stderr)
        self.assertEqual(warm.stdout, cold.stdout)
        self.assertExpected(self.findings(warm))
        self.assertLess(seconds, 5, "a warm run re-parsed something")
        # One TU re-parsed in the process (not a worker), the others from the cache.
        with open(os.path.join(self.src, "main.cpp"), "a") as f:
            f.write("\n")
        touched = self.check("-j2", "--verbose")
        self.assertIn("2 TU(s): 1 cached, 1 parsed", touched.stderr)
        self.assertEqual(touched.stdout, cold.stdout)

    def test_shards_merge_to_one_run(self):
        full = self.check("-j2", "--no-cache")
        parts = []
        for k in (1, 2):
            r = self.check("--no-cache", "--shard=%d/2" % k)
            self.assertIn(r.returncode, (0, 1), r.stderr)
            parts.append(self.write("shard%d.json" % k, r.stdout))
        merged = ampify("merge", *parts)
        self.assertEqual(merged.returncode, 0, merged.stderr)
        self.assertEqual(json.loads(merged.stdout)["findings"], json.loads(full.stdout)["findings"])
        self.assertExpected(json.loads(merged.stdout)["findings"])
        # A SARIF shard cannot carry the facts: said when it is made, and merge refuses it. Shard 2
        # (model.cpp) exports the model's parameters; shard 1 (main.cpp) only imports, which alone
        # make no finding.
        for k, exports in ((1, False), (2, True)):
            sarif = ampify("check", "--torch-prefix=" + ARGS.mock_prefix, "--no-cache", "--format=sarif",
                           "--checks=-*," + self.RULE, "--shard=%d/2" % k, self.src, cwd=self.dir)
            self.assertEqual("only --format=json shard reports carry" in sarif.stderr, exports, sarif.stderr)
            self.assertEqual("ampify/crossUnitFactsLeftOut" in sarif.stdout, exports)
        refused = ampify("merge", *self.shards(fmt="sarif"), cwd=self.dir)
        self.assertEqual(refused.returncode, 2, refused.stderr)
        self.assertIn("--format=json", refused.stderr)
        # JSON shards merge into the SARIF log one run writes.
        self.assertMergeIsOneRun(fmt="sarif")

    def test_merge_applies_the_configuration(self):
        """Findings the join adds take the severity .ampify.yaml or --check-option sets, as in one run."""
        self.write(".ampify.yaml", "CheckOptions:\n  %s.Severity: error\n" % self.RULE)
        findings = self.assertMergeIsOneRun()
        self.assertExpected(findings)
        self.assertEqual({f["severity"] for f in findings}, {"error"})
        findings = self.assertMergeIsOneRun("--check-option=%s.Severity=note" % self.RULE)
        self.assertEqual({f["severity"] for f in findings}, {"note"})
        # Shards of one run need one configuration.
        parts = self.shards(per_shard=((), ("--check-option=%s.Severity=note" % self.RULE,)))
        r = ampify("merge", *parts, cwd=self.dir)
        self.assertEqual(r.returncode, 2, r.stdout)
        self.assertIn('"checkOptions" differs', r.stderr)

    def test_merge_applies_the_baseline(self):
        """A finding the baseline holds is dropped by merge as by one run: one only the join makes
        (kWide), and one a TU makes that the join amends (kHidden)."""
        written = self.check("--no-cache", "--write-baseline=" + os.path.join(self.dir, "all.json"))
        self.assertEqual(written.returncode, 0, written.stderr)
        with open(os.path.join(self.dir, "all.json")) as f:
            recorded = json.load(f)
        self.assertEqual(len(recorded["findings"]), len(self.expected()))
        for name in ("`kWide`", "`kHidden`"):
            held = [e for e in recorded["findings"] if name in e["message"]]
            self.assertEqual(len(held), 1, recorded)
            baseline = self.write("baseline.json", json.dumps(dict(recorded, findings=held)))
            findings = self.assertMergeIsOneRun("--baseline=" + baseline)
            self.assertEqual(len(findings), len(self.expected()) - 1)
            self.assertFalse([f for f in findings if name in f["message"]], findings)
        # merge reads the baseline the shards read, or refuses.
        parts = self.shards("--baseline=" + baseline)
        with open(baseline, "a") as f:
            f.write("\n")
        r = ampify("merge", *parts, cwd=self.dir)
        self.assertEqual(r.returncode, 2, r.stdout)
        self.assertIn("not the one the shards read", r.stderr)
        # A shard cannot write the baseline of the whole run.
        r = self.check("--shard=1/2", "--write-baseline=" + os.path.join(self.dir, "part.json"))
        self.assertEqual(r.returncode, 2, r.stdout)
        self.assertIn("without --shard", r.stderr)

    def test_merge_applies_changed_since(self):
        """With --changed-since, merge keeps the joined findings on changed lines only, from the
        lines the shards recorded (it runs no git)."""
        git = lambda *args: subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args],
                                           cwd=self.dir, check=True, stdout=subprocess.DEVNULL)
        git("init", "-q")
        git("add", ".")
        git("commit", "-q", "-m", "base")
        # The kHidden line changes, and a header, so that both TUs are analysed.
        main = os.path.join(self.src, "main.cpp")
        with open(main) as f:
            text = f.read()
        with open(main, "w") as f:
            f.write(text.replace("const int64_t kHidden = 500;", "const int64_t kHidden = 500; "))
        with open(os.path.join(self.src, "model.h"), "a") as f:
            f.write("// changed\n")
        findings = self.assertMergeIsOneRun("--changed-since=HEAD")
        self.assertEqual([(f["path"], f["line"]) for f in findings], [("src/main.cpp", 7)], findings)
        self.assertIn("`kHidden`", findings[0]["message"])
        # Its notes name both files: the join ran before the filter.
        self.assertIn("src/model.cpp", {n["path"] for n in findings[0]["notes"]})


class CrossUnitChain(CrossUnitCase):
    """Sizes that cross two files (testdata/crossunit/chain): main.cpp passes them to Tagger
    (tagger.cpp), which passes them on to EncoderBlock (block.cpp). The findings must be those its
    CROSS-EXPECT comments name, with a note at each call on the way, and the same from merged
    shards; without the middle file, nothing."""

    DATA = "chain"

    def test_findings_through_a_file_that_passes_sizes_on(self):
        findings = self.assertMergeIsOneRun()
        self.assertExpected(findings)
        ffn = [f for f in findings if "`kFfnDim`" in f["message"]][0]
        calls = [(n["path"], n["message"]) for n in ffn["notes"] if "at this call of" in n["message"]]
        self.assertIn(("src/main.cpp", "`ffn` at this call of `TaggerImpl` is 500"), calls)
        self.assertTrue(any(path == "src/tagger.cpp" and "at this call of `EncoderBlockImpl` is 500" in message
                            for path, message in calls), calls)
        # The middle file is what connects them.
        os.remove(os.path.join(self.src, "tagger.cpp"))
        r = self.check("--no-cache")
        self.assertNotIn("kFfnDim", r.stdout)


class CrossUnitConstants(CrossUnitCase):
    """Sizes declared without their values (testdata/crossunit/constants): sizes.cpp defines the
    `extern const` ones and a static data member; main.cpp passes them to model.cpp, computes
    with them there (`2 * half`) or sizes its own layer. The findings must be those its
    CROSS-EXPECT comments name, at the definitions in sizes.cpp, and the same from merged shards;
    a variable that is not const gives nothing, and without sizes.cpp nothing is known."""

    DATA = "constants"

    def test_findings_at_the_definition_in_another_file(self):
        findings = self.assertMergeIsOneRun()
        self.assertExpected(findings)
        proj = [f for f in findings if "`kProjWidth`" in f["message"]][0]
        notes = [(n["path"], n["message"]) for n in proj["notes"]]
        self.assertIn(("src/main.cpp", "`out` at this call of `ProjImpl` is 1500"), notes)
        self.assertTrue(any(path == "src/model.cpp" and "is used here as out_features of Linear `fc`" in message
                            for path, message in notes), notes)
        for alone in ("main.cpp", "model.cpp", "sizes.cpp"):
            self.assertEqual(self.alone(alone), [], alone)
        os.remove(os.path.join(self.src, "sizes.cpp"))
        self.assertEqual(self.findings(self.check("--no-cache")), [])


class CrossUnitConfigs(CrossUnitCase):
    """A config struct main.cpp default-builds and then assigns member by member, or gets from a
    function of its own or of config.cpp (testdata/crossunit/configs), and sizes model.cpp
    computes from two members or two parameters of one call, or from one
    parameter twice (`2 * n * n`). The findings must be those its
    CROSS-EXPECT comments name (a member assigned after the model is built, on one path only, or
    in a loop, sizes nothing; two parameters are never paired across calls; a list member assigned
    before the call gives the widths of model.cpp's loop over it, one appended to gives none; the
    base width main.cpp passes gives each width model.cpp's loop doubles it to, and the width after
    the loop; a list member of the struct config.cpp returns, passed on by main.cpp, gives the
    widths of model.cpp's counting loop and its last element), and the same from merged shards."""

    DATA = "configs"

    def test_members_assigned_before_the_call_and_pairs_of_one_call(self):
        findings = self.assertMergeIsOneRun()
        self.assertExpected(findings)
        tags = [f for f in findings if "`kNumTags`" in f["message"]][0]
        notes = [(n["path"], n["message"]) for n in tags["notes"]]
        self.assertIn(("src/main.cpp", "`cfg.num_tags` is 17"), notes)
        computed = [f for f in findings if "in_features = 84" in f["message"]][0]
        self.assertTrue(any(n["message"] == "`cfg.word_dim + cfg.shape_dim` is 84" for n in computed["notes"]),
                        computed["notes"])
        # Two members of what config.cpp's make_config returns, added in main.cpp.
        probe = [f for f in findings if "in_features = 76" in f["message"]][0]
        self.assertIn(("src/config.cpp", "`c.hidden` is 60"), [(n["path"], n["message"]) for n in probe["notes"]])
        # A list member main.cpp assigns, read by model.cpp's loop over it.
        widths = [f for f in findings if "out_features = 44 of Linear is" in f["message"]][0]
        self.assertIn(("src/main.cpp", "an element of `config.widths` at this call of `MlpImpl` is 44"),
                      [(n["path"], n["message"]) for n in widths["notes"]])
        # A list member config.cpp's read_stack_config() assigns, passed on by main.cpp.
        stacked = [f for f in findings if "in_features = 36 of Linear is" in f["message"]][0]
        self.assertIn(("src/config.cpp", "an element of `c.widths` is 36"),
                      [(n["path"], n["message"]) for n in stacked["notes"]])
        for alone in ("main.cpp", "model.cpp", "config.cpp"):
            self.assertEqual(self.alone(alone), [], alone)


class CrossUnitSetters(CrossUnitCase):
    """Builder options whose setters are defined in another file than their calls
    (testdata/crossunit/setters): main.cpp sets a NetOptions through setters of options.cpp and
    builds net.cpp's Net, which copies the sizes into a temporary BlockOptions through setters of
    block.cpp. The findings must be those its CROSS-EXPECT comments name, with the setter call as a
    note, and the same from merged shards; a member set twice takes the last value, one a setter
    that is not a plain setter may change is unknown, and without the file that defines a setter
    nothing read after its calls is known."""

    DATA = "setters"

    def test_values_of_setters_defined_in_another_file(self):
        findings = self.assertMergeIsOneRun()
        self.assertExpected(findings)
        out = [f for f in findings if "out_features = 20" in f["message"]][0]
        self.assertIn(("src/main.cpp", "`classes` set by `Classes` is 20"),
                      [(n["path"], n["message"]) for n in out["notes"]])
        for alone in ("main.cpp", "net.cpp", "block.cpp", "options.cpp"):
            self.assertEqual(self.alone(alone), [], alone)
        # Without block.cpp, BlockOptions' setters may set anything: only net.cpp's layers.
        block = os.path.join(self.src, "block.cpp")
        os.rename(block, block + ".hidden")
        self.assertEqual(sorted((f["path"], f["line"]) for f in self.findings(self.check("--no-cache"))),
                         [("src/net.cpp", 5), ("src/net.cpp", 6)])
        os.rename(block + ".hidden", block)
        os.remove(os.path.join(self.src, "options.cpp"))
        self.assertEqual(self.findings(self.check("--no-cache")), [])


class CrossUnitFilled(CrossUnitCase):
    """A config struct filled through a non-const reference by functions of another file
    (testdata/crossunit/filled): main.cpp calls config.cpp's `load_config(cfg)` and builds net.cpp's
    Net with it. The findings must be those its CROSS-EXPECT comments name, with the loader's call
    and its last assignment as notes, and the same from merged shards; a member last assigned in a
    branch, after a possible early return, multiplied in place, assigned again after the call, or
    filled by a function of main.cpp itself, or written by a later filler is not what a layer
    gets, one that a later filler leaves as it was is; and without config.cpp
    nothing read after its loaders is known."""

    DATA = "filled"

    def test_values_left_by_functions_of_another_file(self):
        findings = self.assertMergeIsOneRun()
        self.assertExpected(findings)
        fc1 = [f for f in findings if "out_features = 100" in f["message"]][0]
        notes = [(n["path"], n["message"]) for n in fc1["notes"]]
        self.assertIn(("src/main.cpp", "`cfg.hidden` left by `load_config` is 100"), notes)
        self.assertIn(("src/config.cpp", "`cfg.hidden` left by `load_config` is 100"), notes)
        for alone in ("main.cpp", "net.cpp", "config.cpp"):
            self.assertEqual(self.alone(alone), [], alone)
        os.remove(os.path.join(self.src, "config.cpp"))
        self.assertEqual(self.findings(self.check("--no-cache")), [])


class CrossUnitPointers(CrossUnitCase):
    """A parameter struct reached through pointers, C style (testdata/crossunit/pointers):
    main.cpp allocates it with malloc or new, or takes a local's address, has config.cpp's
    functions fill it through `RunParams *` parameters (one called in an `if` condition), writes
    members through the pointer itself, and gives it to train.cpp and net.cpp, which read the
    sizes through `->`. The findings must be those its CROSS-EXPECT comments name, with the
    filler's call and its last assignment as notes, and the same from merged shards; a filler
    that keeps the pointer, one that may not have run (`argc > 4 && shrink(p)`), a library call
    given it, a second pointer to it, or a member a later filler writes leave nothing known; and
    without config.cpp nothing read after its fillers is known."""

    DATA = "pointers"

    def test_values_written_through_pointers(self):
        findings = self.assertMergeIsOneRun()
        self.assertExpected(findings)
        noise = [f for f in findings if "in_channels = 100" in f["message"]][0]
        notes = [(n["path"], n["message"]) for n in noise["notes"]]
        self.assertIn(("src/config.cpp", "`params->noise` left by `init_params` is 100"), notes)
        self.assertIn(("src/main.cpp", "`params->noise` at this call of `train` is 100"), notes)
        own = [f for f in findings if "in_features = 100" in f["message"]][0]
        self.assertIn(("src/main.cpp", "`own->hidden` is 100"), [(n["path"], n["message"]) for n in own["notes"]])
        for alone in ("main.cpp", "net.cpp", "config.cpp", "train.cpp"):
            self.assertEqual(self.alone(alone), [], alone)
        # Without config.cpp only main.cpp's own write is known.
        os.remove(os.path.join(self.src, "config.cpp"))
        self.assertEqual([(f["path"], f["line"]) for f in self.findings(self.check("--no-cache"))],
                         [(f["path"], f["line"]) for f in [own]])


class CrossUnitGlobals(CrossUnitCase):
    """Sizes held in mutable globals, as tutorials keep hyperparameters (testdata/crossunit/globals):
    main.cpp defines `int n_hidden = 100;`, data.cpp `int n_letters = sizeof(kLetters) - 1;`,
    main.cpp passes them to model.cpp's Net and to a module of model.h that adds them
    (`Linear(input_size + hidden_size, 64)`), and sizes its own layer with another. The findings must
    be those its CROSS-EXPECT comments name, with the definition as a note, and the same from
    merged shards. A global that flags.cpp writes (assigns, registers by address, binds to a
    non-const reference, increments) has no value; main.cpp by itself knows its own globals (the
    files of a run are the program), and without data.cpp `n_letters` is unknown."""

    DATA = "globals"

    def test_globals_that_no_file_writes(self):
        findings = self.assertMergeIsOneRun()
        self.assertExpected(findings)
        letters = [f for f in findings if "in_features = 57" in f["message"]][0]
        notes = [(n["path"], n["message"]) for n in letters["notes"]]
        self.assertTrue(any(path == "src/data.cpp" and "`n_letters`" in message for path, message in notes), notes)
        self.assertIn(("src/main.cpp", "`input_size` at this call of `CharNetImpl` is 57"), notes)
        summed = [f for f in findings if "in_features = 157" in f["message"]][0]
        self.assertIn("`input_size + hidden_size` is 157", [n["message"] for n in summed["notes"]])
        head = [f for f in findings if "out_features = 20" in f["message"]][0]
        self.assertTrue(any(n["path"] == "src/main.cpp" and n["line"] == 5 for n in head["notes"]), head["notes"])
        self.assertEqual([(f["path"], f["line"]) for f in self.alone("main.cpp")], [("src/main.cpp", 12)])
        for alone in ("model.cpp", "data.cpp", "flags.cpp"):
            self.assertEqual(self.alone(alone), [], alone)
        # flags.cpp is what writes the others: without it they keep their definitions' values.
        os.remove(os.path.join(self.src, "flags.cpp"))
        widths = {f["message"].split(" of ")[0]: sorted({n["line"] for n in f["notes"] if n["path"] == "src/main.cpp"})
                  for f in self.findings(self.check("--no-cache")) if "`fc`" in f["message"]}
        self.assertEqual(widths, {"out_features = 100": [14], "out_features = 90": [15], "out_features = 60": [16],
                                  "out_features = 99": [17]}, widths)
        os.remove(os.path.join(self.src, "data.cpp"))
        self.assertEqual(sorted((f["path"], f["line"]) for f in self.findings(self.check("--no-cache"))),
                         [("src/main.cpp", 12), ("src/model.cpp", 5)])


class CrossUnitMethods(CrossUnitCase):
    """Sizes kept in a class with state, whose non-const methods run before the class is handed
    to another file (testdata/crossunit/methods): main.cpp sets `hidden`, calls methods of
    data.cpp and inline ones, and passes the object to run.cpp. The findings must be those its
    CROSS-EXPECT comments name, and the same from merged shards: a method that leaves `hidden`
    keeps main.cpp's value; one that writes it, uses `this` otherwise or is defined in no
    analysed file, and `hidden *= 2`, leave nothing known."""

    DATA = "methods"

    def test_members_that_methods_leave(self):
        findings = self.assertMergeIsOneRun()
        self.assertExpected(findings)
        self.assertIn(("src/main.cpp", "`kept.hidden` is 50"),
                      [(n["path"], n["message"]) for n in findings[0]["notes"]])
        for alone in ("main.cpp", "run.cpp", "data.cpp"):
            self.assertEqual(self.alone(alone), [], alone)
        # Without data.cpp, Initialize may write anything.
        os.remove(os.path.join(self.src, "data.cpp"))
        self.assertEqual(self.findings(self.check("--no-cache")), [])


class CrossUnitHazards(CrossUnitCase):
    """fp16 hazards in functions of model.cpp that main.cpp runs under autocast
    (testdata/crossunit/hazards): found by model.cpp's analysis assuming an autocast caller, kept
    as conditional findings, and reported when main.cpp's facts show such a call (also a virtual
    call on a base pointer, for the override model.cpp defines); the same with workers, from a
    warm cache and from merged shards."""

    DATA = "hazards"
    CHECKS = "*"

    def test_findings_across_units(self):
        findings = self.findings(self.check("-j2", "--no-cache"))
        self.assertExpected(findings)
        # Each names the call in main.cpp that runs its function under autocast.
        calls = {}
        for f in findings:
            calls[(f["path"], f["line"])] = [(n["path"], n["line"]) for n in f["notes"]
                                             if "runs under CUDA fp16 autocast here" in n["message"]]
        def line_of(name, text):
            with open(os.path.join(self.src, name)) as source:
                return [i + 1 for i, l in enumerate(source.read().split("\n")) if text in l][0]
        # forward runs under the Autocast scope of infer() (`model(q)`) and the training loop's
        # region; normalise only through forward; attention only in the loop.
        forward = [("src/main.cpp", line_of("main.cpp", "return model(q)")),
                   ("src/main.cpp", line_of("main.cpp", "model->forward(q)"))]
        model = lambda text: ("src/model.cpp", line_of("model.cpp", text))
        self.assertEqual(calls[model("h.exp_()")], forward)
        self.assertEqual(calls[model("gram.exp_()")], forward)
        self.assertEqual(calls[model("-1e9")], [("src/main.cpp", line_of("main.cpp", "attention(q, k"))])
        # MaskedPolicy::act runs through main.cpp's virtual call of Policy::act on a base pointer.
        act = [f for f in findings if (f["path"], f["line"]) == model("fc(x).masked_fill(x < 0")][0]
        self.assertIn(("src/main.cpp", line_of("main.cpp", "policy->act(q)"),
                       "`Policy::act` runs under CUDA fp16 autocast here (a virtual call, which may run "
                       "`MaskedPolicy::act`), in another file"),
                      [(n["path"], n["line"], n["message"]) for n in act["notes"]])
        # main.cpp's mask on what forward returns: fp16 because model.cpp says forward returns fp16.
        shifted = [f for f in findings if (f["path"], f["line"]) == ("src/main.cpp", line_of("main.cpp", "out.masked_fill"))]
        self.assertEqual(len(shifted), 1, findings)
        self.assertTrue(any(n["path"] == "src/model.cpp" and n["message"].startswith(
            "`ScorerImpl::forward` returns fp16 under CUDA fp16 autocast, in another file") for n in shifted[0]["notes"]),
            shifted[0]["notes"])
        # Alone, model.cpp runs nothing under autocast, and main.cpp knows nothing of forward's
        # result: no finding; the facts keep what holds.
        for alone in ("model.cpp", "main.cpp"):
            self.assertEqual(self.alone(alone), [], alone)

    def test_warm_cache_and_shards_give_one_run(self):
        cold = self.check("-j2", "--verbose")
        self.assertIn("2 TU(s): 0 cached, 2 parsed", cold.stderr)
        warm = self.check("-j2", "--verbose")
        self.assertIn("2 TU(s): 2 cached, 0 parsed", warm.stderr)
        self.assertEqual(warm.stdout, cold.stdout)
        self.assertExpected(self.findings(warm))
        self.assertExpected(self.assertMergeIsOneRun())
        # A SARIF shard of model.cpp has conditional findings to carry: merge would refuse it.
        sarif = ampify("check", *self.headers(), "--no-cache", "--format=sarif", "--checks=" + self.CHECKS,
                       "--shard=2/2", self.src, cwd=self.dir)
        self.assertIn("only --format=json shard reports carry", sarif.stderr)


class CrossUnitSequentials(CrossUnitCase):
    """fp16 hazards on the output of a Sequential that another file builds
    (testdata/crossunit/sequentials): layers.cpp says which of its builders' Sequentials output
    fp16 under autocast; model.cpp's hazard on one it holds is reported where main.cpp runs its
    forward under autocast, main.cpp's on one it runs itself; model.cpp's hazard on what main.cpp
    passes it from a Sequential that a header's accessor returns and layers.cpp's constructor
    builds; not on a Sequential ending in a LayerNorm, nor in a function nothing runs under
    autocast."""

    DATA = "sequentials"
    CHECKS = "*"

    def line_of(self, name, text):
        with open(os.path.join(self.src, name)) as source:
            return [i + 1 for i, l in enumerate(source.read().split("\n")) if text in l][0]

    def test_findings_on_sequentials_built_in_another_file(self):
        findings = self.findings(self.check("-j2", "--no-cache"))
        self.assertExpected(findings)
        at = {(f["path"], f["line"]): f for f in findings}
        # model.cpp's: the call that runs forward under autocast, and the builder's last layer.
        scores = at[("src/model.cpp", self.line_of("model.cpp", "scores.masked_fill"))]
        notes = [(n["path"], n["line"], n["message"]) for n in scores["notes"]]
        self.assertIn(("src/main.cpp", self.line_of("main.cpp", "net->forward(x, mask)"),
                       "`NetImpl::forward` runs under CUDA fp16 autocast here, in another file"), notes)
        builder = [n for n in notes if n[0] == "src/layers.cpp"]
        self.assertEqual(len(builder), 1, notes)
        self.assertEqual(builder[0][1], self.line_of("layers.cpp", "torch::nn::Linear(hidden, 1)"))
        self.assertTrue(builder[0][2].startswith("the Sequential that `make_scorer` builds outputs fp16"), builder)
        # main.cpp's: its own region, the Sequential make_head builds.
        filled = at[("src/main.cpp", self.line_of("main.cpp", "logits.masked_fill"))]
        self.assertTrue(any(n["path"] == "src/layers.cpp" and n["line"] == self.line_of("layers.cpp", "Linear(64, out)")
                            for n in filled["notes"]), filled["notes"])
        # model.cpp's penalty() on what main.cpp passes: the output of the Sequential that the
        # header's accessor returns, which layers.cpp's constructor builds.
        masked = at[("src/model.cpp", self.line_of("model.cpp", "p.masked_fill"))]
        self.assertTrue(any(n["path"] == "src/layers.cpp" and "`Critic::body`" in n["message"]
                            for n in masked["notes"]), masked["notes"])
        # Alone, no file knows what the other builds: nothing.
        for alone in ("layers.cpp", "model.cpp", "main.cpp"):
            self.assertEqual(self.alone(alone), [], alone)
        self.assertExpected(self.assertMergeIsOneRun())

    def test_the_builders_facts_come_with_one_precision_rule(self):
        # Nothing in layers.cpp is for the overflow rule to match: its facts come all the same.
        self.CHECKS = "-*,ampify-fp16-overflow-constant"
        self.assertExpected(self.findings(self.check("-j2", "--no-cache")))


class CrossUnitArguments(CrossUnitCase):
    """fp16 hazards that hold for what a caller passes (testdata/crossunit/arguments): losses.cpp's
    hazards on their parameters are reported where main.cpp's migrated loop passes fp16 tensors
    (its own Linear output, or the model's result, fp16 because net.cpp says so), not for an fp32
    argument nor outside autocast, also one on what a function of losses.cpp returns for the fp16
    tensor main.cpp passes it (select_columns; not for an fp32 one), also one in a helper of
    losses.cpp that box_loss calls with
    what main.cpp passes (the helper being visible to other files, which never call it);
    attention.cpp's are reported because net.cpp's forward, which main.cpp runs under autocast,
    calls them."""

    DATA = "arguments"
    CHECKS = "*"

    def line_of(self, name, text):
        with open(os.path.join(self.src, name)) as source:
            return [i + 1 for i, l in enumerate(source.read().split("\n")) if text in l][0]

    def test_findings_for_what_callers_pass(self):
        findings = self.findings(self.check("-j2", "--no-cache"))
        self.assertExpected(findings)
        at = {(f["path"], f["line"]): f for f in findings}
        # The loss gets an fp16 argument from the call in main.cpp, whose reason is net.cpp's result.
        log_loss = at[("src/losses.cpp", self.line_of("losses.cpp", "1e-8"))]
        messages = [(n["path"], n["message"]) for n in log_loss["notes"]]
        self.assertIn(("src/main.cpp", "`log_loss` runs under CUDA fp16 autocast here, in another file"), messages)
        self.assertTrue(any(p == "src/main.cpp" and m.endswith("and the call passes it there") for p, m in messages),
                        messages)
        self.assertTrue(any(p == "src/net.cpp" and m.startswith("`NetImpl::forward` returns fp16") for p, m in messages),
                        messages)
        self.assertTrue(any(p == "src/losses.cpp" and "what a caller passes" in m for p, m in messages), messages)
        # attention.cpp's hazard: forward runs under autocast in main.cpp, and calls attend there.
        attend = at[("src/attention.cpp", self.line_of("attention.cpp", "weights.exp_(); // CROSS"))]
        calls = [(n["path"], n["line"]) for n in attend["notes"] if "runs under CUDA fp16 autocast here" in n["message"]]
        self.assertEqual(calls, [("src/net.cpp", self.line_of("net.cpp", "attend(h, mask)")),
                                 ("src/main.cpp", self.line_of("main.cpp", "model->forward(x, mask);"))])
        # Alone, no file reports anything.
        for alone in ("losses.cpp", "attention.cpp", "net.cpp", "main.cpp"):
            self.assertEqual(self.alone(alone), [], alone)

    def test_warm_cache_and_shards_give_one_run(self):
        cold = self.check("-j2", "--verbose")
        warm = self.check("-j2", "--verbose")
        self.assertIn("4 TU(s): 4 cached, 0 parsed", warm.stderr)
        self.assertEqual(warm.stdout, cold.stdout)
        self.assertExpected(self.assertMergeIsOneRun())


def main():
    global ARGS
    ap = argparse.ArgumentParser()
    ap.add_argument("--ampify", required=True)
    ap.add_argument("--mock-prefix", required=True)
    ap.add_argument("--real-headers", action="store_true",
                    help="CrossUnit parses with the installed LibTorch instead of the mock headers")
    ap.add_argument("--torch-prefix",
                    help="CrossUnit parses with the LibTorch under this prefix (the real26 tier's 2.6 headers)")
    ARGS, rest = ap.parse_known_args()
    unittest.main(argv=[sys.argv[0], *rest])


if __name__ == "__main__":
    main()
