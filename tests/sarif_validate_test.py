#!/usr/bin/env python3
"""ampify's SARIF, checked as a code-scanning service would: every log `ampify check` and
`ampify merge` write (findings with fixes, no findings, merged shards) must be valid against the
SARIF 2.1.0 JSON schema (Ajv) and pass Microsoft's SARIF Multitool `validate` (the reference
validator: schema plus the SARIF rules such as SARIF1001) with no error, warning or note.
Both validators are first shown to reject broken logs, so a silent validator cannot pass."""
import argparse
import copy
import json
import os
import subprocess
import sys
import unittest

from scratch import ScratchDirTest

from gate_test import BAD, TWO_BAD

ARGS = None
CLEAN = """#include <torch/torch.h>
torch::Tensor g(torch::Tensor z, torch::Tensor y) {
  return torch::binary_cross_entropy_with_logits(z, y);
}
"""


class SarifValidation(ScratchDirTest):
    def setUp(self):
        super().setUp()
        self.write(".ampify.yaml", "InheritParentConfig: false\n")
        self.write("src/a.cpp", BAD)
        self.write("src/b.cpp", TWO_BAD)
        self.write("src/clean.cpp", CLEAN)

    def ampify(self, *args):
        r = subprocess.run([ARGS.ampify, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, cwd=self.dir)
        self.assertIn(r.returncode, (0, 1), r.stderr)
        return r

    def sarif(self, name, *args):
        r = self.ampify("check", "--torch-prefix=" + ARGS.mock_prefix, "--no-cache", "--format=sarif",
                        "--fail-on=none", *args)
        return self.write(name, r.stdout)

    def schema_errors(self, path):
        r = subprocess.run(["node", ARGS.schema_validator, ARGS.node_modules, path],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.assertIn(r.returncode, (0, 1), r.stdout)
        return [line for line in r.stdout.splitlines() if not line.endswith(": valid")]

    def multitool_results(self, path):
        """The validator's findings on `path`, as (rule id, level, message) triples."""
        out = path + ".validation.sarif"
        env = dict(os.environ, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT="1")
        r = subprocess.run([ARGS.multitool, "validate", path, "--output", out], env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.assertEqual(r.returncode, 0, r.stdout)
        with open(out) as f:
            log = json.load(f)
        return [(x["ruleId"], x.get("level", "warning"), json.dumps(x["message"]))
                for run in log["runs"] for x in run.get("results", [])]

    def assert_valid(self, path):
        self.assertEqual(self.schema_errors(path), [])
        self.assertEqual(self.multitool_results(path), [])

    def test_validators_reject_broken_logs(self):
        with open(self.sarif("a.sarif", "src/a.cpp")) as f:
            good = json.load(f)
        no_version = copy.deepcopy(good)
        del no_version["version"]
        bad_level = copy.deepcopy(good)
        bad_level["runs"][0]["results"][0]["level"] = "fatal"
        same_name = copy.deepcopy(good)
        rule = same_name["runs"][0]["tool"]["driver"]["rules"][0]
        rule["name"] = rule["id"]
        paths = {}
        for name, doc in [("no_version", no_version), ("bad_level", bad_level), ("same_name", same_name)]:
            paths[name] = self.write(name + ".sarif", json.dumps(doc))
        self.assertTrue(any("required property 'version'" in e for e in self.schema_errors(paths["no_version"])))
        self.assertTrue(any("/level" in e for e in self.schema_errors(paths["bad_level"])))
        self.assertIn("error", [level for _, level, _ in self.multitool_results(paths["no_version"])])
        self.assertIn("SARIF1001", [rule for rule, _, _ in self.multitool_results(paths["same_name"])])

    def test_findings_with_fixes_validate(self):
        path = self.sarif("findings.sarif", "src/a.cpp", "src/b.cpp")
        with open(path) as f:
            results = json.load(f)["runs"][0]["results"]
        self.assertEqual(len(results), 3)
        self.assertTrue(all(r.get("fixes") for r in results))
        self.assert_valid(path)

    def test_no_findings_validate(self):
        path = self.sarif("clean.sarif", "src/clean.cpp")
        with open(path) as f:
            self.assertEqual(json.load(f)["runs"][0]["results"], [])
        self.assert_valid(path)

    def test_merged_shards_validate(self):
        shards = [self.sarif("shard%d.sarif" % k, "--shard=%d/2" % k, "src") for k in (1, 2)]
        merged = os.path.join(self.dir, "merged.sarif")
        self.ampify("merge", "-o", merged, *shards)
        with open(merged) as f:
            self.assertEqual(len(json.load(f)["runs"][0]["results"]), 3)
        self.assert_valid(merged)
        # JSON shards (which carry what the join across shards needs) merged into SARIF.
        parts = []
        for k in (1, 2):
            r = self.ampify("check", "--torch-prefix=" + ARGS.mock_prefix, "--no-cache", "--format=json",
                            "--fail-on=none", "--shard=%d/2" % k, "src")
            parts.append(self.write("shard%d.json" % k, r.stdout))
        from_json = os.path.join(self.dir, "from-json.sarif")
        self.ampify("merge", "--format=sarif", "-o", from_json, *parts)
        with open(from_json) as f:
            self.assertEqual(len(json.load(f)["runs"][0]["results"]), 3)
        self.assert_valid(from_json)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--ampify", required=True)
    ap.add_argument("--mock-prefix", required=True)
    ap.add_argument("--node-modules", required=True)
    ap.add_argument("--schema-validator", required=True)
    ARGS, rest = ap.parse_known_args()
    ARGS.multitool = os.path.join(ARGS.node_modules, "@microsoft", "sarif-multitool-linux", "Sarif.Multitool")
    unittest.main(argv=[sys.argv[0], "-v", *rest])
