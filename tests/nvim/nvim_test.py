#!/usr/bin/env python3
"""A real editor as the client: headless Neovim opens a copy of a testdata file, starts
`ampify lsp` with its built-in LSP client (receive_diagnostics.lua) and must receive exactly the
findings `ampify check` reports on that file (line, column, message, rule id as the code)."""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nvim", required=True)
    ap.add_argument("--ampify", required=True)
    ap.add_argument("--mock-prefix", required=True)
    ap.add_argument("file")
    args = ap.parse_args()

    work = tempfile.mkdtemp(prefix="ampify-nvim-test-")
    try:
        path = os.path.join(work, os.path.basename(args.file))
        shutil.copy(args.file, path)
        r = subprocess.run([args.ampify, "check", "--color=never", "--torch-prefix=" + args.mock_prefix,
                            path], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        expected = sorted(re.findall(r"^[^:\n]+:(\d+):(\d+): warning: (.*) \[([\w-]+)\]$", r.stdout, re.M))
        if not expected:
            sys.exit("FAIL: ampify check finds nothing in %s; pick a file with findings" % args.file)

        env = dict(os.environ,
                   AMPIFY_LSP_CMD="\t".join([args.ampify, "lsp", "--torch-prefix=" + args.mock_prefix]),
                   AMPIFY_NVIM_FILE=path, HOME=work, XDG_STATE_HOME=work, XDG_DATA_HOME=work,
                   XDG_CONFIG_HOME=work, XDG_CACHE_HOME=work)
        lua = os.path.join(os.path.dirname(os.path.abspath(__file__)), "receive_diagnostics.lua")
        nv = subprocess.run([args.nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n",
                             "-c", "luafile " + lua], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL, text=True, env=env, timeout=300, cwd=work)
        sys.stdout.write(nv.stdout)
        got = sorted(re.findall(r"^diagnostic (\d+):(\d+) \[([\w-]+)\] ampify: (.*)$", nv.stdout, re.M))
        got = sorted((l, c, msg, code) for l, c, code, msg in got)
        if nv.returncode != 0 or got != expected:
            sys.stderr.write("FAIL: Neovim (exit %d) received:\n  %s\nampify check reports:\n  %s\n%s" % (
                nv.returncode, "\n  ".join(map(str, got)), "\n  ".join(map(str, expected)), nv.stderr))
            return 1
        print("ok: Neovim received %d ampify diagnostics" % len(got))
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
