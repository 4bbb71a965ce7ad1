#!/usr/bin/env python3
"""Protocol-level tests of `ampify lsp`: a client written here drives the server over pipes.

  - diagnostics on open, change and save equal `ampify check` on the same text (line, column,
    message, rule as the code), and the change re-check reuses the preamble;
  - the quick-fix code actions, applied together, give the text `ampify check --fix` gives;
  - compile_commands.json of the workspace is used (no --torch-prefix, flags only from it);
  - .ampify.yaml (a rule's severity) and a NOLINT typed into the unsaved text take effect;
  - a file that does not compile gets the compiler's errors and no rule findings;
  - robustness: malformed JSON, a bad Content-Length, an oversized message, a non-object, an
    unknown method, requests before initialize, and the server still answers afterwards;
  - shutdown then exit exits 0; exit without shutdown exits 1.

With --bench FILE (a source including real LibTorch headers) it instead times a cold check and
re-checks after edits, for docs/editors.md.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import lsp_client
from lsp_client import uri

ARGS = None
FAILURES = []


def check(cond, what):
    if not cond:
        FAILURES.append(what)
        sys.stderr.write("FAIL: %s\n" % what)
    return cond


class Client(lsp_client.Client):
    """The shared client, started with this test's ampify; shutdown must reply null."""

    def __init__(self, *extra, cwd=None):
        super().__init__(ARGS.ampify, *extra, cwd=cwd)

    def finish(self):
        reply, rc = super().finish()
        check(reply.get("result", "missing") is None, "shutdown replies null")
        return rc


def ampify_check(path, fix=False):
    """(line, column, message-with-rule) of each warning/error of `ampify check` on `path`."""
    cmd = [ARGS.ampify, "check", "--color=never", "--torch-prefix=" + ARGS.mock_prefix, path]
    if fix:
        cmd.append("--fix")
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    found = re.findall(r"^[^:\n]+:(\d+):(\d+): (?:warning|error): (.*) \[([\w-]+)\]$", r.stdout, re.M)
    return sorted((int(l), int(c), m, rule) for l, c, m, rule in found)


def as_findings(diags):
    # The test files are ASCII, so UTF-16 characters are byte columns.
    return sorted((d["range"]["start"]["line"] + 1, d["range"]["start"]["character"] + 1, d["message"],
                   d.get("code")) for d in diags)


def offset(text, pos):
    lines = text.split("\n")
    return sum(len(l) + 1 for l in lines[:pos["line"]]) + pos["character"]


def apply_edits(text, edits):
    spans = sorted(((offset(text, e["range"]["start"]), offset(text, e["range"]["end"]), e["newText"])
                    for e in edits), reverse=True)
    for b, e, new in spans:
        text = text[:b] + new + text[e:]
    return text


def test_diagnostics_and_fixes(work, source):
    path = os.path.join(work, "train.cpp")
    text = open(source).read()
    with open(path, "w") as f:
        f.write(text)
    expected = ampify_check(path)
    check(expected, "the test file has findings under ampify check")

    c = Client("--torch-prefix=" + ARGS.mock_prefix)
    init = c.initialize(work)
    caps = init["result"]["capabilities"]
    check(caps["textDocumentSync"]["change"] == 1 and caps["codeActionProvider"], "capabilities")

    c.notify("textDocument/didOpen", {"textDocument": {"uri": uri(path), "languageId": "cpp",
                                                       "version": 1, "text": text}})
    opened = c.diagnostics(path)
    check(as_findings(opened["diagnostics"]) == expected,
          "didOpen diagnostics equal ampify check:\n %s\n %s" % (as_findings(opened["diagnostics"]), expected))
    check(all(d["source"] == "ampify" and d["severity"] == 2 for d in opened["diagnostics"]),
          "source and severity")
    check(any(d.get("relatedInformation") for d in opened["diagnostics"]), "notes become relatedInformation")

    # Code actions over the whole file, applied together, equal ampify check --fix.
    end = {"line": text.count("\n") + 1, "character": 0}
    actions = c.request("textDocument/codeAction", {
        "textDocument": {"uri": uri(path)}, "range": {"start": {"line": 0, "character": 0}, "end": end},
        "context": {"diagnostics": opened["diagnostics"]}})["result"]
    check(actions and all(a["kind"] == "quickfix" for a in actions), "quick fixes offered")
    edits = [e for a in actions for e in a["edit"]["changes"].get(uri(path), [])]
    fixed_by_lsp = apply_edits(text, edits)
    ampify_check(path, fix=True)
    check(fixed_by_lsp == open(path).read(), "code action edits equal ampify check --fix")
    with open(path, "w") as f:
        f.write(text)

    # Two lines inserted after the #include block: every diagnostic moves down two lines, and
    # the re-check reuses the preamble.
    lines = text.split("\n")
    at = max(i for i, l in enumerate(lines) if l.startswith("#include")) + 1
    edited = "\n".join(lines[:at] + ["", "// an edit"] + lines[at:])
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri(path), "version": 2},
                                        "contentChanges": [{"text": edited}]})
    changed = c.diagnostics(path)
    with open(path, "w") as f:
        f.write(edited)
    check(changed.get("version") == 2, "the publish names the document version")
    check(as_findings(changed["diagnostics"]) == ampify_check(path),
          "didChange diagnostics equal ampify check of the edited text:\n %s\n %s"
          % (as_findings(changed["diagnostics"]), ampify_check(path)))
    check([f[0] for f in as_findings(changed["diagnostics"])] ==
          [f[0] + 2 for f in as_findings(opened["diagnostics"])], "the diagnostics moved with the edit")
    # No code action for a range without findings.
    none = c.request("textDocument/codeAction", {
        "textDocument": {"uri": uri(path)}, "range": {"start": {"line": 0, "character": 0},
                                                      "end": {"line": 0, "character": 0}},
        "context": {"diagnostics": []}})["result"]
    check(none == [], "no code action where there is no finding")

    c.notify("textDocument/didSave", {"textDocument": {"uri": uri(path)}})
    saved = c.diagnostics(path)
    check(as_findings(saved["diagnostics"]) == as_findings(changed["diagnostics"]), "didSave re-publishes")

    # Code that does not compile: the compiler's error, no guessed findings.
    broken = edited + "\nint broken( {\n"
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri(path), "version": 3},
                                        "contentChanges": [{"text": broken}]})
    errs = c.diagnostics(path)["diagnostics"]
    check(errs and all(d["severity"] == 1 and d["code"] == "clang-diagnostic-error" for d in errs),
          "a compile error is reported as an error and rules do not run: %s" % errs)

    c.notify("textDocument/didClose", {"textDocument": {"uri": uri(path)}})
    check(c.diagnostics(path)["diagnostics"] == [], "didClose clears the diagnostics")
    check(c.finish() == 0, "shutdown + exit exits 0")
    log = "".join(c.stderr)
    check(re.search(r"train\.cpp in [\d.]+ s, [\d.]+ s CPU \(preamble built\)", log) and
          re.search(r"train\.cpp in [\d.]+ s, [\d.]+ s CPU \(preamble reused\)", log),
          "the first check builds the preamble and re-checks reuse it:\n" + log)


def test_compile_commands(work, source):
    """Without --torch-prefix, the mock headers are found only through compile_commands.json."""
    path = os.path.join(work, "src", "model.cpp")
    os.makedirs(os.path.dirname(path))
    shutil.copy(source, path)
    os.makedirs(os.path.join(work, "build"))
    inc = os.path.join(ARGS.mock_prefix, "include")
    with open(os.path.join(work, "build", "compile_commands.json"), "w") as f:
        json.dump([{"directory": os.path.join(work, "build"), "file": path,
                    "arguments": ["c++", "-std=c++17", "-isystem", inc, "-isystem",
                                  os.path.join(inc, "torch/csrc/api/include"), "-c", path,
                                  "-o", "model.o"]}], f)
    c = Client(cwd=work)
    c.initialize(work)
    c.notify("textDocument/didOpen", {"textDocument": {"uri": uri(path), "languageId": "cpp",
                                                       "version": 1, "text": open(path).read()}})
    diags = c.diagnostics(path)["diagnostics"]
    check(as_findings(diags) == ampify_check(path), "flags from build/compile_commands.json: %s" % diags)
    check(not os.path.exists(os.path.join(work, "build", "model.o")), "no output file written")
    c.finish()


def test_config_and_nolint(work, source):
    """.ampify.yaml and NOLINT comments act on the editor's text as they do in ampify check."""
    path = os.path.join(work, "train.cpp")
    shutil.copy(source, path)
    with open(os.path.join(work, ".ampify.yaml"), "w") as f:
        f.write("CheckOptions:\n  ampify-banned-under-autocast.Severity: error\n")
    c = Client("--torch-prefix=" + ARGS.mock_prefix)
    c.initialize(work)
    text = open(path).read()
    c.notify("textDocument/didOpen", {"textDocument": {"uri": uri(path), "languageId": "cpp",
                                                       "version": 1, "text": text}})
    diags = c.diagnostics(path)["diagnostics"]
    rule = [d for d in diags if d.get("code") == "ampify-banned-under-autocast"]
    check(rule and all(d["severity"] == 1 for d in rule), ".ampify.yaml severity applies: %s" % diags)
    check(as_findings(diags) == ampify_check(path), "the same findings as ampify check with the config")

    first = rule[0]["range"]["start"]["line"]
    lines = text.split("\n")
    lines[first] += "  // NOLINT(ampify-banned-under-autocast)"
    edited = "\n".join(lines)
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri(path), "version": 2},
                                        "contentChanges": [{"text": edited}]})
    after = c.diagnostics(path)["diagnostics"]
    check(len(after) == len(diags) - 1 and all(d["range"]["start"]["line"] != first for d in after),
          "a NOLINT typed in the editor silences that finding: %s" % after)
    c.finish()


def test_robustness():
    c = Client("--torch-prefix=" + ARGS.mock_prefix, "--max-message-mib=1")
    r = c.request("textDocument/codeAction", {})
    check(r.get("error", {}).get("code") == -32002, "a request before initialize: ServerNotInitialized")
    c.initialize(tempfile.gettempdir())

    def error_reply():
        return c.wait(lambda m: "error" in m and "method" not in m)

    c.raw(b"Content-Length: 9\r\n\r\n{not json")
    check(error_reply()["error"]["code"] == -32700, "malformed JSON: ParseError")
    c.raw(b"Content-Length: abc\r\n\r\n")
    check(error_reply()["error"]["code"] == -32700, "bad Content-Length: ParseError")
    c.raw(b"Content-Type: application/json\r\n\r\n")
    check(error_reply()["error"]["code"] == -32700, "no Content-Length: ParseError")
    big = b"[" + b"0," * (1 << 20) + b"0]"
    c.raw(b"Content-Length: %d\r\n\r\n" % len(big) + big)
    e = error_reply()
    check(e["error"]["code"] == -32600 and e["id"] is None, "an oversized message: InvalidRequest")
    c.send([1, 2])
    check(error_reply()["error"]["code"] == -32600, "a batch/non-object: InvalidRequest")
    c.send({"id": 7, "method": "shutdown"})
    check(error_reply()["error"]["code"] == -32600, "no jsonrpc 2.0: InvalidRequest")
    r = c.request("workspace/notAMethod", {})
    check(r.get("error", {}).get("code") == -32601, "an unknown method: MethodNotFound")
    c.notify("$/unknownNotification", {})
    c.notify("textDocument/didChange", {"textDocument": {"uri": "file:///not/open.cpp"}})
    c.notify("textDocument/didOpen", {"textDocument": 5})
    bad = c.request("textDocument/codeAction", {"textDocument": {"uri": 1}})
    check(bad.get("error", {}).get("code") == -32602, "codeAction without a range: InvalidParams")
    # Still serving.
    check(c.finish() == 0, "the server survived the bad input and exits 0 after shutdown")

    c = Client()
    c.initialize(tempfile.gettempdir())
    c.notify("exit", None)
    check(c.proc.wait(timeout=30) == 1, "exit without shutdown exits 1")


def bench(path, edits):
    """Cold check, then `edits` re-checks each after an edit in the file's body."""
    text = open(path).read()
    c = Client(*ARGS.server_args)
    c.initialize(os.path.dirname(os.path.abspath(path)))
    t = time.time()
    c.notify("textDocument/didOpen", {"textDocument": {"uri": uri(path), "languageId": "cpp",
                                                       "version": 1, "text": text}})
    d = c.diagnostics(path)
    print("cold (preamble built): %.2f s, %d diagnostics" % (time.time() - t, len(d["diagnostics"])))
    for i in range(edits):
        t = time.time()
        edited = text + "\nint edit_%d() { return %d; }\n" % (i, i)
        c.notify("textDocument/didChange", {"textDocument": {"uri": uri(path), "version": i + 2},
                                            "contentChanges": [{"text": edited}]})
        d = c.diagnostics(path)
        print("re-check %d after an edit: %.2f s, %d diagnostics" % (i + 1, time.time() - t, len(d["diagnostics"])))
    c.finish()
    sys.stdout.write("server log:\n" + "".join(c.stderr))


def main():
    global ARGS
    ap = argparse.ArgumentParser()
    ap.add_argument("--ampify", required=True)
    ap.add_argument("--mock-prefix")
    ap.add_argument("--source", help="a testdata file with findings and fix-its (mock tier)")
    ap.add_argument("--bench", help="time cold and warm checks of this file")
    ap.add_argument("--edits", type=int, default=3)
    ap.add_argument("server_args", nargs="*", help="extra `ampify lsp` arguments for --bench")
    ARGS = ap.parse_args()
    ARGS.ampify = os.path.abspath(ARGS.ampify)
    ARGS.mock_prefix = ARGS.mock_prefix and os.path.abspath(ARGS.mock_prefix)
    if ARGS.bench:
        bench(ARGS.bench, ARGS.edits)
        return 0
    work = tempfile.mkdtemp(prefix="ampify-lsp-test-")
    try:
        os.mkdir(os.path.join(work, "a"))
        os.mkdir(os.path.join(work, "b"))
        test_diagnostics_and_fixes(os.path.join(work, "a"), ARGS.source)
        test_compile_commands(os.path.join(work, "b"), ARGS.source)
        os.mkdir(os.path.join(work, "c"))
        test_config_and_nolint(os.path.join(work, "c"), ARGS.source)
        test_robustness()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if FAILURES:
        return 1
    print("ok: lsp protocol tests")
    return 0


if __name__ == "__main__":
    sys.exit(main())
