#!/usr/bin/env python3
"""The CI gate of `ampify check`, end to end on the mock headers: report formats (SARIF, JSON,
GitHub annotations), --export-fixes applied by the real clang-apply-replacements, the baseline,
--changed-since in a scratch git repository, NOLINT comments, and .ampify.yaml configuration."""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

from scratch import ScratchDirTest

ARGS = None
RULE = "ampify-banned-under-autocast"

# Stand-in for the runtime's <ampify/autocast.h>, as in testdata/rules: the rule flags calls
# inside an autocast region.
PRELUDE = """#include <torch/torch.h>
namespace ampify {
class Autocast {
public:
  explicit Autocast(c10::DeviceType device = c10::kCUDA);
  ~Autocast();
};
} // namespace ampify
"""
BAD = PRELUDE + """torch::Tensor f(torch::Tensor z, torch::Tensor y) {
  ampify::Autocast autocast;
  return torch::binary_cross_entropy(torch::sigmoid(z), y);
}
"""
TWO_BAD = PRELUDE + """torch::Tensor f(torch::Tensor z, torch::Tensor y) {
  ampify::Autocast autocast;
  auto a = torch::binary_cross_entropy(torch::sigmoid(z), y);
  auto b = torch::binary_cross_entropy(torch::sigmoid(z), y);
  return a + b;
}
"""
BAD_LINE = BAD.splitlines().index("  return torch::binary_cross_entropy(torch::sigmoid(z), y);") + 1


def line_of(text, needle):
    return text.splitlines().index(needle) + 1


def run(*args, cwd=None):
    return subprocess.run([ARGS.ampify, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, cwd=cwd)


def git(cwd, *args):
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=cwd,
                   check=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


class Gate(ScratchDirTest):
    def setUp(self):
        super().setUp()
        # The scratch project's root config: nothing above the temp dir may leak in.
        self.write(".ampify.yaml", "InheritParentConfig: false\n")
        self.mock = "--torch-prefix=" + ARGS.mock_prefix
        self.cache = tempfile.mkdtemp(prefix="ampify-gate-cache-")

    def tearDown(self):
        super().tearDown()
        shutil.rmtree(self.cache, ignore_errors=True)

    def check(self, *args):
        return run("check", self.mock, "--color=never", "--cache-dir=" + self.cache, *args,
                   cwd=self.dir)

    # --- formats -------------------------------------------------------------------------------

    def sarif_of(self, *args):
        r = self.check("--format=sarif", *args)
        self.assertIn(r.returncode, (0, 1), r.stderr)
        return r, json.loads(r.stdout)

    def test_sarif_structure_rule_metadata_and_relative_paths(self):
        self.write("src/a.cpp", BAD)
        r, doc = self.sarif_of("src/a.cpp")
        self.assertEqual(r.returncode, 1, r.stderr)
        # The fields GitHub code scanning reads (sarif_validate_test.py checks the schema).
        self.assertEqual(doc["version"], "2.1.0")
        self.assertIn("sarif-schema-2.1.0.json", doc["$schema"])
        self.assertEqual(len(doc["runs"]), 1)
        run_ = doc["runs"][0]
        driver = run_["tool"]["driver"]
        self.assertEqual(driver["name"], "ampify")
        rules = {rule["id"]: rule for rule in driver["rules"]}
        self.assertIn(RULE, rules)
        rule = rules[RULE]
        self.assertTrue(rule["shortDescription"]["text"])
        self.assertTrue(rule["helpUri"].endswith("/docs/rules/%s.md" % RULE), rule["helpUri"])
        self.assertIn("binary_cross_entropy", rule["help"]["markdown"])
        self.assertEqual(len(run_["results"]), 1)
        result = run_["results"][0]
        self.assertEqual(result["ruleId"], RULE)
        self.assertEqual(driver["rules"][result["ruleIndex"]]["id"], RULE)
        self.assertEqual(result["level"], "warning")
        self.assertIn("binary_cross_entropy is unsafe", result["message"]["text"])
        loc = result["locations"][0]["physicalLocation"]
        self.assertEqual(loc["artifactLocation"]["uri"], "src/a.cpp")
        self.assertEqual(loc["artifactLocation"]["uriBaseId"], "%SRCROOT%")
        self.assertEqual(loc["region"]["startLine"], BAD_LINE)
        self.assertEqual(loc["region"]["startColumn"], 17)
        self.assertEqual(len(result["partialFingerprints"]["ampifyFingerprint/v1"]), 16)
        change = result["fixes"][0]["artifactChanges"][0]
        self.assertEqual(change["artifactLocation"]["uri"], "src/a.cpp")
        self.assertIn("binary_cross_entropy_with_logits",
                      "".join(x["insertedContent"]["text"] for x in change["replacements"]))
        for artifact in run_["artifacts"]:
            self.assertFalse(artifact["location"]["uri"].startswith("file:"), artifact)
        self.assertNotIn(self.dir, r.stdout)  # nothing ties the report to this checkout

    def test_sarif_is_identical_across_checkouts(self):
        self.write("src/a.cpp", BAD)
        _, first = self.sarif_of("src/a.cpp")
        other = os.path.realpath(tempfile.mkdtemp(prefix="ampify-gate-copy-"))
        try:
            shutil.copytree(self.dir, other, dirs_exist_ok=True)
            r = run("check", self.mock, "--cache-dir=" + self.cache, "--format=sarif", "src/a.cpp",
                    cwd=other)
            self.assertEqual(json.loads(r.stdout), first)
        finally:
            shutil.rmtree(other, ignore_errors=True)

    def test_sarif_without_findings_is_a_valid_empty_run(self):
        self.write("a.cpp", "#include <torch/torch.h>\n")
        r, doc = self.sarif_of("a.cpp")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(doc["runs"][0]["results"], [])
        self.assertIn(RULE, [x["id"] for x in doc["runs"][0]["tool"]["driver"]["rules"]])

    def test_json(self):
        self.write("src/a.cpp", BAD)
        r = self.check("--format=json", "src/a.cpp")
        self.assertEqual(r.returncode, 1, r.stderr)
        doc = json.loads(r.stdout)
        self.assertEqual(doc["version"], 1)
        (finding,) = doc["findings"]
        self.assertEqual((finding["rule"], finding["severity"], finding["path"], finding["line"],
                          finding["column"]), (RULE, "warning", "src/a.cpp", BAD_LINE, 17))
        self.assertEqual(finding["fixes"][0]["path"], "src/a.cpp")
        self.assertEqual(len(finding["fingerprint"]), 16)

    def test_github_annotations(self):
        self.write("src/a.cpp", BAD)
        r = self.check("--format=github", "src/a.cpp")
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertEqual(r.stdout.splitlines()[0].split("::")[1],
                         "warning file=src/a.cpp,line=%d,col=17,title=%s" % (BAD_LINE, RULE))
        self.assertIn("binary_cross_entropy is unsafe", r.stdout)

    def test_unknown_format_and_bad_project_root_are_usage_errors(self):
        self.write("a.cpp", BAD)
        r = self.check("--format=xml", "a.cpp")
        self.assertEqual(r.returncode, 2)
        self.assertIn("--format must be one of", r.stderr)
        r = self.check("--project-root=/no/such/dir", "a.cpp")
        self.assertEqual(r.returncode, 2)

    def test_project_root_option(self):
        path = self.write("sub/a.cpp", BAD)
        r = run("check", self.mock, "--cache-dir=" + self.cache, "--format=json",
                "--project-root=" + os.path.join(self.dir, "sub"), path)
        self.assertEqual(json.loads(r.stdout)["findings"][0]["path"], "a.cpp")

    def test_export_fixes_applied_by_clang_apply_replacements(self):
        path = self.write("src/a.cpp", BAD)
        fixes = os.path.join(self.dir, "fixes", "ampify.yaml")
        os.makedirs(os.path.dirname(fixes))
        r = self.check("--export-fixes", fixes, "src/a.cpp")
        self.assertEqual(r.returncode, 1, r.stderr)
        with open(fixes) as f:
            text = f.read()
        self.assertIn("DiagnosticName:  " + RULE, text)
        self.assertIn("FilePath:        'src/a.cpp'", text)
        self.assertEqual(open(path).read(), BAD)  # exporting writes no source
        apply = subprocess.run([ARGS.clang_apply_replacements, os.path.dirname(fixes)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.assertEqual(apply.returncode, 0, apply.stderr)
        self.assertIn("torch::binary_cross_entropy_with_logits(z, y)", open(path).read())
        self.assertEqual(self.check("src/a.cpp").returncode, 0)

    # --- baseline ------------------------------------------------------------------------------

    def test_baseline_fails_only_on_new_findings_and_survives_moved_lines(self):
        path = self.write("src/a.cpp", TWO_BAD)
        r = self.check("--write-baseline", "baseline.json", "src/a.cpp")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("wrote 2 finding(s)", r.stderr)
        with open(os.path.join(self.dir, "baseline.json")) as f:
            entries = json.load(f)["findings"]
        self.assertEqual({e["path"] for e in entries}, {"src/a.cpp"})

        r = self.check("--baseline", "baseline.json", "src/a.cpp")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertEqual(r.stdout, "")
        self.assertIn("2 finding(s) are in the baseline", r.stderr)

        # Lines inserted above and whitespace changed: still the same findings.
        moved = TWO_BAD.replace("torch::Tensor f(", "// a comment\n\nint g();\ntorch::Tensor f(")
        moved = moved.replace("auto a =", "auto   a =")
        with open(path, "w") as f:
            f.write(moved)
        r = self.check("--baseline", "baseline.json", "src/a.cpp")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)

        # One new finding fails the gate, and only it is reported.
        new = moved.replace("  return a + b;", "  auto c = torch::binary_cross_entropy(z, y);\n"
                            "  return a + b + c;")
        with open(path, "w") as f:
            f.write(new)
        r = self.check("--baseline", "baseline.json", "--format=json", "src/a.cpp")
        self.assertEqual(r.returncode, 1, r.stderr)
        (finding,) = json.loads(r.stdout)["findings"]
        self.assertEqual(finding["line"], new.splitlines().index(
            "  auto c = torch::binary_cross_entropy(z, y);") + 1)

    def test_bad_baseline_is_a_usage_error(self):
        self.write("a.cpp", BAD)
        self.write("baseline.json", "{not json")
        r = self.check("--baseline", "baseline.json", "a.cpp")
        self.assertEqual(r.returncode, 2)
        self.assertIn("baseline.json", r.stderr)
        r = self.check("--baseline", "missing.json", "a.cpp")
        self.assertEqual(r.returncode, 2)

    # --- changed-since -------------------------------------------------------------------------

    def test_changed_since_reports_only_changed_lines_of_changed_tus(self):
        self.write("a.cpp", BAD)
        self.write("b.cpp", BAD)
        git(self.dir, "init", "-q")
        git(self.dir, "add", ".")
        git(self.dir, "commit", "-q", "-m", "base")
        r = self.check("--changed-since=HEAD", ".")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertIn("no translation unit changed", r.stderr)

        # a.cpp gains a new finding below its old one; b.cpp is untouched.
        changed = BAD + ("torch::Tensor g(torch::Tensor z, torch::Tensor y) {\n"
                         "  ampify::Autocast autocast;\n"
                         "  return torch::binary_cross_entropy(z, y);\n}\n")
        self.write("a.cpp", changed)
        r = self.check("--changed-since=HEAD", "--format=json", "--verbose", ".")
        self.assertEqual(r.returncode, 1, r.stderr)
        findings = json.loads(r.stdout)["findings"]
        self.assertEqual([(f["path"], f["line"]) for f in findings],
                         [("a.cpp", line_of(changed, "  return torch::binary_cross_entropy(z, y);"))])
        self.assertIn("analysing " + os.path.join(self.dir, "a.cpp"), r.stderr)
        self.assertNotIn("b.cpp", r.stderr)

        r = self.check("--changed-since=no-such-ref", ".")
        self.assertEqual(r.returncode, 2)
        self.assertIn("no-such-ref", r.stderr)
        r = self.check("--changed-since=--output=x", ".")
        self.assertEqual(r.returncode, 2)

    # --- NOLINT --------------------------------------------------------------------------------

    def test_nolint_forms(self):
        call = "torch::binary_cross_entropy(z, y)"
        text = PRELUDE + "\n".join([
            "torch::Tensor g(torch::Tensor z, torch::Tensor y) {",
            "  ampify::Autocast autocast;",
            "  auto r1 = %s; // NOLINT" % call,
            "  auto r2 = %s; // NOLINT(%s)" % (call, RULE),
            "  auto r3 = %s; // NOLINT(ampify-*)" % call,
            "  auto r4 = %s; // NOLINT(ampify-other)" % call,  # reported
            "  // NOLINTNEXTLINE(%s)" % RULE,
            "  auto r5 = %s;" % call,
            "  auto r6 = %s;" % call,  # reported: NOLINTNEXTLINE covers one line
            "  // NOLINTBEGIN(ampify-banned-*)",
            "  auto r7 = %s;" % call,
            "  auto r8 = %s;" % call,
            "  // NOLINTEND(ampify-banned-*)",
            "  auto r9 = %s;" % call,  # reported
            "  return r1;",
            "}",
            "",
        ])
        self.write("a.cpp", text)
        r = self.check("--format=json", "a.cpp")
        self.assertEqual(r.returncode, 1, r.stderr)
        lines = [f["line"] for f in json.loads(r.stdout)["findings"]]
        expected = [i + 1 for i, l in enumerate(text.splitlines())
                    if l.startswith(("  auto r4", "  auto r6", "  auto r9"))]
        self.assertEqual(lines, expected)

    # --- .ampify.yaml --------------------------------------------------------------------------

    def test_config_checks_and_severity_take_effect_and_inherit(self):
        self.write(".ampify.yaml", "InheritParentConfig: false\nCheckOptions:\n"
                                   "  %s.Severity: error\n" % RULE)
        self.write("strict/a.cpp", BAD)
        self.write("legacy/.ampify.yaml", "Checks: '-%s'\n" % RULE)
        self.write("legacy/a.cpp", BAD)
        self.write("legacy/reenabled/.ampify.yaml", "Checks: '%s'\n" % RULE)
        self.write("legacy/reenabled/a.cpp", BAD)

        r = self.check("--fail-on=error", "strict/a.cpp")
        self.assertEqual(r.returncode, 1, r.stderr)  # the configured severity
        self.assertIn("a.cpp:%d:17: error: binary_cross_entropy" % BAD_LINE, r.stdout)

        r = self.check("legacy/a.cpp")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)  # Checks disables the rule there

        r = self.check("--format=json", "legacy/reenabled/a.cpp")
        self.assertEqual(r.returncode, 1, r.stderr)  # a child config re-enables it
        self.assertEqual(json.loads(r.stdout)["findings"][0]["severity"], "error")  # inherited

        # The command line wins over every config file.
        r = self.check("--checks=" + RULE, "legacy/a.cpp")
        self.assertEqual(r.returncode, 1, r.stderr)
        r = self.check("--check-option=%s.Severity=warning" % RULE, "--fail-on=error", "strict/a.cpp")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)

    def test_dump_config(self):
        self.write("legacy/.ampify.yaml", "Checks: '-%s'\nCheckOptions:\n  MinDim: 64\n" % RULE)
        self.write("legacy/a.cpp", BAD)
        r = self.check("--dump-config", "legacy/a.cpp")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("Checks: 'ampify-*,-%s'" % RULE, r.stdout)
        self.assertIn("MinDim: '64'", r.stdout)
        self.assertIn(os.path.join(self.dir, "legacy", ".ampify.yaml"), r.stdout)

    def test_invalid_config_names_file_and_line(self):
        self.write("bad/.ampify.yaml", "Checks: ampify-*\nCheckOptions:\n  %s.Severity: loud\n" % RULE)
        self.write("bad/a.cpp", BAD)
        self.write("good/a.cpp", BAD)
        config = os.path.join(self.dir, "bad", ".ampify.yaml")
        r = self.check("bad/a.cpp", "good/a.cpp")
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn(config + ":3:", r.stderr)
        self.assertIn("'loud' is not one of note, warning, error", r.stderr)
        self.assertIn("good/a.cpp:%d:17: warning" % BAD_LINE, r.stdout)  # the other TU is still analysed
        r = self.check("--dump-config", "bad/a.cpp")
        self.assertEqual(r.returncode, 2)
        self.assertIn(config + ":3:", r.stderr)
        self.write("bad/.ampify.yaml", "Chekcs: ampify-*\n")
        r = self.check("bad/a.cpp")
        self.assertEqual(r.returncode, 2)
        self.assertIn(config + ":1:1: error: unknown key 'Chekcs'", r.stderr)

    # --- declared options ----------------------------------------------------------------------

    def test_options_are_declared_and_bad_ones_are_named(self):
        self.write("a.cpp", BAD)
        for option, why in (
                ("ampify-tensor-core-alignment.MinDim=sixteen", "'sixteen' is not an integer"),
                ("TensorCoreMultiple=0", "'0' is out of range"),
                ("TensorCoreMultiple=1.5", "'1.5' is not an integer"),
                ("ampify-tensor-core-alignment.MinDim=-1", "'-1' is out of range"),
                ("ampify-tensor-core-alignment.MinDimm=16", "unknown option 'MinDimm' of check"),
                ("ampify-no-such-check.MinDim=16", "unknown check 'ampify-no-such-check'"),
                ("NoSuchOption=1", "unknown option 'NoSuchOption'"),
                ("ampify-tensor-core-alignment.CheckBatchDim=maybe", "'maybe' is not true or false"),
                ("TorchVersion=latest", "'latest' is not a LibTorch version")):
            r = self.check("--check-option=" + option, "a.cpp")
            self.assertEqual(r.returncode, 2, option + r.stdout + r.stderr)
            self.assertIn(why, r.stderr, option)
            self.assertEqual(r.stdout, "", option)
        # The same judgement in .ampify.yaml, with the file and line.
        self.write("cfg/.ampify.yaml", "CheckOptions:\n  TensorCoreMultiple: 0\n")
        self.write("cfg/a.cpp", BAD)
        r = self.check("cfg/a.cpp")
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn(os.path.join(self.dir, "cfg", ".ampify.yaml") + ":2:", r.stderr)
        self.assertIn("'0' is out of range", r.stderr)

    def test_dump_config_lists_every_option_with_its_value(self):
        self.write("a.cpp", BAD)
        r = self.check("--check-option=MinDim=32", "--dump-config", "a.cpp")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("  ampify-tensor-core-alignment.MinDim: '32'\n", r.stdout)
        self.assertIn("  ampify-tensor-core-alignment.TensorCoreMultiple: '8' # default\n", r.stdout)
        self.assertIn("  ampify-tensor-core-alignment.CheckBatchDim: 'false' # default\n", r.stdout)
        self.assertIn("  TorchVersion: '' # default", r.stdout)

    def test_the_torch_version_is_one_per_run_whatever_the_checks(self):
        # linalg_vecdot is a lower-precision op in LibTorch 2.x's CUDA list, not in 1.13's.
        self.write("v.cpp", PRELUDE + """bool f(torch::Tensor a, torch::Tensor b) {
  ampify::Autocast autocast;
  auto d = at::linalg_vecdot(a, b);
  return d.scalar_type() == at::kFloat;
}
""")
        for version, expected in (("2.4", 1), ("1.13", 0)):
            for checks in ("-*,ampify-dtype-assumption", "ampify-*"):
                r = self.check("--check-option=TorchVersion=" + version, "--checks=" + checks,
                               "--format=json", "v.cpp")
                self.assertIn(r.returncode, (0, 1), r.stderr)
                found = [f for f in json.loads(r.stdout)["findings"] if f["rule"] == "ampify-dtype-assumption"]
                self.assertEqual(len(found), expected, (version, checks, r.stdout))
        r = self.check("--check-option=ampify-dtype-assumption.TorchVersion=2.4", "v.cpp")
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn("global option", r.stderr)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--ampify", required=True)
    ap.add_argument("--mock-prefix", required=True)
    ap.add_argument("--clang-apply-replacements", required=True)
    ARGS, rest = ap.parse_known_args()
    unittest.main(argv=[sys.argv[0], "-v", *rest])
