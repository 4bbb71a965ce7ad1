#!/usr/bin/env python3
"""Fails when a generated table (matchers/CastPolicyTables.def from the committed LibTorch sources
in matchers/policy/inputs/, matchers/NoLowPrecisionKernel.def from the committed GPU conformance
reports) differs from what its generator writes: the table was edited by hand, or the generator
or its inputs changed without regenerating it."""

import argparse
import difflib
import pathlib
import subprocess
import sys
import tempfile


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--generator", type=pathlib.Path, required=True)
    parser.add_argument("--committed", type=pathlib.Path, required=True)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        fresh = pathlib.Path(tmp) / args.committed.name
        run = subprocess.run([sys.executable, str(args.generator), "--output", str(fresh)],
                             capture_output=True, text=True)
        if run.returncode != 0:
            print(f"FAIL: the generator exited {run.returncode}:\n{run.stderr}")
            return 1
        expected = fresh.read_text().splitlines(keepends=True)
    committed = args.committed.read_text().splitlines(keepends=True)
    if committed != expected:
        sys.stdout.writelines(difflib.unified_diff(committed, expected, f"{args.committed} (committed)",
                                                   f"{args.committed} (generated)"))
        print(f"FAIL: {args.committed.name} is stale; run: python3 {args.generator}")
        return 1
    print(f"ok: {args.committed.name} is what {args.generator.name} writes ({len(committed)} lines)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
