#!/usr/bin/env python3
"""Editors as the client: each opens a copy of a testdata file, starts `ampify lsp` as the
set-up of docs/editors.md does, and must receive exactly the findings `ampify check` reports on
that file (line, column, message, rule id as the code).
  --editor nvim:   headless Neovim with its built-in LSP client (editor/nvim_client.lua);
  --editor vscode: VS Code's protocol layer (vscode-languageserver-protocol, the library under
                   vscode-languageclient) with VS Code's client capabilities and the recipe's
                   language id (editor/vscode_client.cjs); it must also get one quick fix per
                   finding that has a fix-it."""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def run_nvim(args, path, server, work):
    env = dict(os.environ, AMPIFY_LSP_CMD="\t".join(server), AMPIFY_NVIM_FILE=path, HOME=work,
               XDG_STATE_HOME=work, XDG_DATA_HOME=work, XDG_CONFIG_HOME=work, XDG_CACHE_HOME=work)
    return subprocess.run([args.nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n",
                           "-c", "luafile " + os.path.join(HERE, "editor", "nvim_client.lua")],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                          text=True, env=env, timeout=300, cwd=work)


def run_vscode(args, path, server, work):
    return subprocess.run(["node", os.path.join(HERE, "editor", "vscode_client.cjs"), args.node_modules,
                           path, *server], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          stdin=subprocess.DEVNULL, text=True, timeout=300, cwd=work)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--editor", choices=["nvim", "vscode"], required=True)
    ap.add_argument("--nvim", help="the nvim executable (--editor nvim)")
    ap.add_argument("--node-modules", help="tests/tools' installed node_modules (--editor vscode)")
    ap.add_argument("--ampify", required=True)
    ap.add_argument("--mock-prefix", required=True)
    ap.add_argument("file")
    args = ap.parse_args()

    work = tempfile.mkdtemp(prefix="ampify-editor-test-")
    try:
        path = os.path.join(work, os.path.basename(args.file))
        shutil.copy(args.file, path)
        torch = "--torch-prefix=" + args.mock_prefix
        r = subprocess.run([args.ampify, "check", "--color=never", torch, path],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        expected = sorted(re.findall(r"^[^:\n]+:(\d+):(\d+): warning: (.*) \[([\w-]+)\]$", r.stdout, re.M))
        if not expected:
            sys.exit("FAIL: ampify check finds nothing in %s; pick a file with findings" % args.file)
        report = json.loads(subprocess.run([args.ampify, "check", "--format=json", "--no-cache", torch, path],
                                           stdout=subprocess.PIPE, text=True).stdout)
        with_fixes = sum(1 for f in report["findings"] if f.get("fixes"))

        client = run_nvim if args.editor == "nvim" else run_vscode
        out = client(args, path, [args.ampify, "lsp", torch], work)
        sys.stdout.write(out.stdout)
        got = sorted(re.findall(r"^diagnostic (\d+):(\d+) \[([\w-]+)\] ampify: (.*)$", out.stdout, re.M))
        got = sorted((l, c, msg, code) for l, c, code, msg in got)
        actions = len(re.findall(r"^action .* \| [1-9]\d* edit\(s\)$", out.stdout, re.M))
        ok = out.returncode == 0 and got == expected
        if args.editor == "vscode" and actions != with_fixes:
            ok = False
            sys.stderr.write("FAIL: %d quick fixes with edits for %d findings with fix-its\n" % (actions, with_fixes))
        if not ok:
            sys.stderr.write("FAIL: %s (exit %d) received:\n  %s\nampify check reports:\n  %s\n%s" % (
                args.editor, out.returncode, "\n  ".join(map(str, got)), "\n  ".join(map(str, expected)),
                out.stderr))
            return 1
        print("ok: %s received %d ampify diagnostics" % (args.editor, len(got)) +
              (" and %d quick fixes" % actions if args.editor == "vscode" else ""))
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
