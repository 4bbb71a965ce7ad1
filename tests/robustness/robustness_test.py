#!/usr/bin/env python3
"""Issue 20's reproductions, replayed end to end on the mock headers (docs/robustness.md): each test
asserts the fixed behaviour: the exit code, files left as they were, no crash signal and no
`LLVM ERROR`, no stray process or temporary file."""
import argparse
import json
import os
import resource
import signal
import stat
import subprocess
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from scratch import ScratchDirTest  # noqa: E402

ARGS = None

# A Linear whose out_features (50257) is not a multiple of 8: one tensor-core finding.
FINDING = """#include <torch/torch.h>

constexpr int64_t kVocab = 50257;
struct Model : torch::nn::Module {
  Model() { head = register_module("head", torch::nn::Linear(512, kVocab)); }
  torch::nn::Linear head{nullptr};
};
"""

# A training loop `ampify fix` migrates.
TRAIN = """#include <torch/torch.h>

struct NetImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

void train(Net &model, torch::optim::SGD &opt) {
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto loss = model(torch::randn({2, 2})).sum();
    loss.backward();
    opt.step();
  }
}
"""

DEEP = "[" * 50000


def frame(body):
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    return b"Content-Length: %d\r\n\r\n" % len(data) + data


class Robustness(ScratchDirTest):
    def run_ampify(self, *args, cwd=None, env=None, preexec_fn=None, timeout=300):
        full_env = dict(os.environ, AMPIFY_CACHE_DIR=os.path.join(self.dir, "cache"))
        full_env.update(env or {})
        return subprocess.run([ARGS.ampify, *args], cwd=cwd or self.dir, env=full_env, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout,
                              preexec_fn=preexec_fn)

    def check(self, *args, **kw):
        return self.run_ampify("check", "--torch-prefix=" + ARGS.mock_prefix, *args, **kw)

    def fix(self, *args, **kw):
        return self.run_ampify("fix", "--torch-prefix=" + ARGS.mock_prefix, *args, **kw)

    def assertExit(self, r, code):
        """The exit code, and nothing that only a crash prints."""
        self.assertGreaterEqual(r.returncode, 0, "killed by signal %d\n%s" % (-r.returncode, r.stderr))
        self.assertNotIn("LLVM ERROR", r.stderr)
        self.assertNotIn("Stack dump", r.stderr)
        self.assertEqual(r.returncode, code, r.stdout + r.stderr)

    def read(self, path):
        with open(path, "rb") as f:
            return f.read()

    def temporaries(self, directory):
        return [n for n in os.listdir(directory) if ".ampify-" in n or n.endswith(".tmp")]

    # 1. Deep nesting: every JSON/YAML reader refuses it with an error, never a crash.
    def test_deep_nesting_in_every_reader(self):
        src = self.write("a.cpp", FINDING)
        good = self.check("--format=json", src)
        self.assertExit(good, 1)
        report = self.write("good.json", good.stdout)
        for name, text in [("deep.json", DEEP), ("deep.sarif", DEEP), ("deep.yaml", DEEP),
                           ("deep-compact.yaml", "- " * 50000 + "x\n")]:
            other = self.write("first" + os.path.splitext(name)[1], good.stdout if name.endswith(
                (".json", ".sarif")) else "---\nMainSourceFile: a.cpp\nDiagnostics: []\n...\n")
            r = self.run_ampify("merge", other, self.write(name, text))
            self.assertExit(r, 2)
            self.assertIn("nests deeper than 256 levels", r.stderr)
        r = self.check("--baseline", self.write("deep-baseline.json", DEEP), src)
        self.assertExit(r, 2)
        self.assertIn("nests deeper", r.stderr)
        # .ampify.yaml
        project = os.path.join(self.dir, "configured")
        self.write("configured/.ampify.yaml", "Checks: " + DEEP + "\n")
        r = self.check(self.write("configured/a.cpp", FINDING))
        self.assertExit(r, 2)
        self.assertIn("nests deeper", r.stderr)
        # compile_commands.json
        self.write("db/compile_commands.json", DEEP)
        r = self.check("-p", os.path.join(self.dir, "db"))
        self.assertExit(r, 2)
        self.assertIn("nests deeper", r.stderr)
        self.assertTrue(os.path.isdir(project))
        self.assertTrue(os.path.exists(report))

    def cache_entries(self):
        root = os.path.join(self.dir, "cache", "results")
        return [os.path.join(d, n) for d, _, names in os.walk(root) for n in names if n.endswith(".json")]

    def test_poisoned_and_garbled_cache_entries_are_misses(self):
        src = self.write("a.cpp", FINDING)
        first = self.check(src)
        self.assertExit(first, 1)
        entries = self.cache_entries()
        self.assertEqual(len(entries), 1)
        # A byte flipped inside the cached message: a miss, so the true message is printed.
        text = self.read(entries[0])
        flipped = text.replace(b"not a multiple", b"nOt a multiple", 1)
        self.assertNotEqual(flipped, text)
        with open(entries[0], "wb") as f:
            f.write(flipped)
        again = self.check(src)
        self.assertExit(again, 1)
        self.assertEqual(again.stdout, first.stdout)
        self.assertNotIn("nOt a multiple", again.stdout)
        # A deeply nested entry (what crashed every later run): a miss too.
        for entry in self.cache_entries():
            with open(entry, "w") as f:
                f.write(DEEP)
        again = self.check(src)
        self.assertExit(again, 1)
        self.assertEqual(again.stdout, first.stdout)

    # 2. One safe writer.
    def test_writes_refuse_devices_fifos_read_only_files_and_inputs(self):
        src = self.write("a.cpp", FINDING)
        fifo = os.path.join(self.dir, "fifo")
        os.mkfifo(fifo)
        for target in [fifo, "/dev/null"]:
            r = self.check("--export-fixes=" + target, src, timeout=60)
            self.assertExit(r, 2)
            self.assertIn("refusing to write", r.stderr)
        self.assertTrue(stat.S_ISFIFO(os.stat(fifo).st_mode))
        self.assertTrue(stat.S_ISCHR(os.stat("/dev/null").st_mode))
        before = self.read(src)
        for option in ["--export-fixes=", "--write-baseline="]:
            r = self.check(option + src, src)
            self.assertExit(r, 2)
            self.assertIn("one of the files this run reads", r.stderr)
            self.assertEqual(self.read(src), before)
        report = self.write("r.json", self.check("--format=json", src).stdout)
        report_text = self.read(report)
        r = self.run_ampify("merge", "-o", report, report, report)
        self.assertExit(r, 2)
        self.assertEqual(self.read(report), report_text)
        # A read-only source is not fixed.
        train = self.write("ro/train.cpp", TRAIN)
        os.chmod(train, 0o444)
        r = self.fix(train)
        self.assertExit(r, 2)
        self.assertIn("read-only", r.stderr)
        self.assertEqual(self.read(train).decode(), TRAIN)

    def test_writes_go_through_symlinks_and_keep_links_mode_and_owner(self):
        real = self.write("real/train.cpp", TRAIN)
        link = os.path.join(self.dir, "link.cpp")
        os.symlink(real, link)
        r = self.fix(link)
        self.assertExit(r, 0)
        self.assertTrue(os.path.islink(link))
        self.assertIn("ampify::Autocast autocast(", self.read(real).decode())

        train = self.write("hard/train.cpp", TRAIN)
        other = os.path.join(self.dir, "hard", "other-name.cpp")
        os.link(train, other)
        os.chmod(train, 0o640)
        owned = os.geteuid() == 0
        if owned:
            os.chown(train, 12345, 23456)
        inode = os.stat(train).st_ino
        r = self.fix(train)
        self.assertExit(r, 0)
        st = os.stat(train)
        self.assertEqual(st.st_ino, inode)
        self.assertEqual(st.st_nlink, 2)
        self.assertEqual(self.read(other), self.read(train))
        self.assertIn("ampify::Autocast autocast(", self.read(other).decode())
        self.assertEqual(stat.S_IMODE(st.st_mode), 0o640)
        if owned:
            self.assertEqual((st.st_uid, st.st_gid), (12345, 23456))

        export = self.write("exports/real.yaml", "old\n")
        export_link = os.path.join(self.dir, "exports", "link.yaml")
        os.symlink(export, export_link)
        os.chmod(export, 0o600)
        r = self.check("--export-fixes=" + export_link, self.write("b.cpp", FINDING))
        self.assertExit(r, 1)
        self.assertTrue(os.path.islink(export_link))
        self.assertIn(b"MainSourceFile", self.read(export))
        self.assertEqual(stat.S_IMODE(os.stat(export).st_mode), 0o600)
        self.assertEqual(self.temporaries(os.path.join(self.dir, "exports")), [])

    # 3. A full disk: exit 2, a clear error, the old file as it was.
    def test_full_disk_leaves_old_outputs_intact(self):
        def small_files():
            # Writes past 64 bytes fail with EFBIG, as on a full disk (ampify ignores SIGXFSZ).
            resource.setrlimit(resource.RLIMIT_FSIZE, (64, 64))
        src = self.write("a.cpp", FINDING)
        old = b'{"version": 1, "findings": []}\n'
        for option, name in [("--write-baseline=", "baseline.json"), ("--export-fixes=", "fixes.yaml")]:
            path = self.write(name, old.decode())
            r = self.check("--no-cache", option + path, src, preexec_fn=small_files)
            self.assertExit(r, 2)
            self.assertIn("cannot write '%s'" % path, r.stderr)
            self.assertEqual(self.read(path), old)
        report = self.write("r.json", self.check("--format=json", src).stdout)
        merged = self.write("merged.json", old.decode())
        r = self.run_ampify("merge", "-o", merged, report, preexec_fn=small_files)
        self.assertExit(r, 2)
        self.assertEqual(self.read(merged), old)
        train = self.write("train.cpp", TRAIN)
        r = self.fix(train, preexec_fn=small_files)
        self.assertExit(r, 2)
        self.assertEqual(self.read(train).decode(), TRAIN)
        self.assertEqual(self.temporaries(self.dir), [])

    # 4. A compile database whose "directory" does not exist.
    def test_missing_database_directory_is_an_error_not_an_abort(self):
        src = self.write("p/a.cpp", TRAIN)
        db = [{"directory": os.path.join(self.dir, "gone"), "file": src,
               "arguments": ["clang++", "-std=c++17", "-isystem",
                             os.path.join(ARGS.mock_prefix, "include"), src]}]
        self.write("build/compile_commands.json", json.dumps(db))
        for command in [self.check, self.fix]:
            r = command("-p", os.path.join(self.dir, "build"), src)
            self.assertExit(r, 2)
            self.assertIn("does not exist", r.stderr)
        self.assertEqual(self.read(src).decode(), TRAIN)

    # 5. A header that starts shadowing another in an earlier -I directory.
    def test_new_shadowing_header_invalidates_the_cached_result(self):
        src = self.write("p/main.cpp", FINDING.replace("constexpr int64_t kVocab = 50257;",
                                                         '#include "shape.h"'))
        self.write("inc2/shape.h", "constexpr int64_t kVocab = 512;\n")
        os.makedirs(os.path.join(self.dir, "inc1"))
        flags = ["--extra-arg=-I" + os.path.join(self.dir, d) for d in ("inc1", "inc2")]
        self.assertExit(self.check(*flags, src), 0)
        self.write("inc1/shape.h", "constexpr int64_t kVocab = 50257;\n")
        fresh = self.check("--no-cache", *flags, src)
        self.assertExit(fresh, 1)
        cached = self.check(*flags, src)
        self.assertExit(cached, 1)
        self.assertEqual(cached.stdout, fresh.stdout)

    # 6. --changed-since and file names git quotes.
    def test_changed_since_sees_non_ascii_file_names(self):
        repo = os.path.join(self.dir, "repo")
        os.makedirs(repo)
        git = lambda *a: subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *a], cwd=repo,
                                        check=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        git("init", "-q")
        self.write("repo/base.cpp", "int base;\n")
        git("add", ".")
        git("commit", "-qm", "base")
        name = self.write("repo/\u00fcber \"q\".cpp", FINDING)
        git("add", ".")
        r = self.check("--changed-since=HEAD", cwd=repo)
        self.assertExit(r, 1)
        self.assertIn(os.path.basename(name), r.stdout)
        self.assertNotIn("no translation unit changed", r.stderr)

    # 7. CRLF sources keep CRLF.
    def test_fix_keeps_crlf_line_endings(self):
        train = os.path.join(self.dir, "train.cpp")
        with open(train, "wb") as f:
            f.write(TRAIN.replace("\n", "\r\n").encode())
        r = self.fix(train)
        self.assertExit(r, 0)
        text = self.read(train)
        self.assertIn(b"ampify::Autocast autocast(", text)
        self.assertEqual(text.count(b"\n"), text.count(b"\r\n"), text.decode())

    # 8. Kills leave no debris.
    def test_kill_9_during_fix_leaves_no_temporary_file(self):
        migrated = self.migrated(TRAIN)
        for delay in (0.2, 0.4, 0.6, 0.8, 1.0):
            d = os.path.join(self.dir, "k%d" % int(delay * 10))
            train = self.write(os.path.join(d, "train.cpp"), TRAIN)
            p = subprocess.Popen([ARGS.ampify, "fix", "--torch-prefix=" + ARGS.mock_prefix,
                                  train], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(delay)
            p.kill()
            p.wait()
            self.assertEqual(self.temporaries(d), [])
            text = self.read(train).decode()
            self.assertIn(text, [TRAIN, migrated])

    def migrated(self, original):
        scratch = self.write("reference/train.cpp", original)
        self.assertExit(self.fix(scratch), 0)
        return self.read(scratch).decode()

    def workers_of(self, tmp):
        found = []
        for pid in os.listdir("/proc"):
            if not pid.isdigit():
                continue
            try:
                with open("/proc/%s/cmdline" % pid, "rb") as f:
                    cmdline = f.read()
            except OSError:
                continue
            if b"--worker=" + tmp.encode() in cmdline:
                found.append(int(pid))
        return found

    def start_parallel_check(self, tmp):
        srcs = [self.write("many/%d.cpp" % i, FINDING.replace("kVocab", "kVocab%d" % i)) for i in range(6)]
        p = subprocess.Popen([ARGS.ampify, "check", "--no-cache", "--no-preamble", "-j2",
                              "--torch-prefix=" + ARGS.mock_prefix, *srcs],
                             env=dict(os.environ, TMPDIR=tmp), stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        deadline = time.time() + 60
        while not self.workers_of(tmp) and time.time() < deadline:
            time.sleep(0.02)
        self.assertTrue(self.workers_of(tmp), "no worker started")
        return p

    def assertNoWorkersSoon(self, tmp):
        deadline = time.time() + 10
        while self.workers_of(tmp) and time.time() < deadline:
            time.sleep(0.05)
        self.assertEqual(self.workers_of(tmp), [])

    def test_sigterm_and_sigint_remove_workers_and_the_run_directory(self):
        for sig in (signal.SIGTERM, signal.SIGINT):
            tmp = os.path.join(self.dir, "tmp-%d" % sig)
            os.makedirs(tmp)
            p = self.start_parallel_check(tmp)
            p.send_signal(sig)
            self.assertEqual(p.wait(timeout=30), -sig)
            self.assertNoWorkersSoon(tmp)
            self.assertEqual(os.listdir(tmp), [])

    def test_workers_die_with_a_killed_run(self):
        tmp = os.path.join(self.dir, "tmp-kill")
        os.makedirs(tmp)
        p = self.start_parallel_check(tmp)
        p.kill()
        p.wait()
        self.assertNoWorkersSoon(tmp)

    # 10. The LSP server.
    def lsp(self, *args):
        return subprocess.Popen([ARGS.ampify, "lsp", "--torch-prefix=" + ARGS.mock_prefix, *args],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                cwd=self.dir)

    def read_messages(self, out):
        messages = []
        while out:
            header, _, rest = out.partition(b"\r\n\r\n")
            length = int(header.split(b":")[1])
            messages.append(json.loads(rest[:length]))
            out = rest[length:]
        return messages

    def initialize(self, root):
        return [frame({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                       "params": {"rootUri": "file://" + root}})]

    def finish(self):
        return [frame({"jsonrpc": "2.0", "id": 99, "method": "shutdown"}),
                frame({"jsonrpc": "2.0", "method": "exit"})]

    def test_lsp_rejects_absurd_lengths_and_deep_messages_and_keeps_serving(self):
        p = self.lsp()
        stream = self.initialize(self.dir) + [b"Content-Length: 1000000000000\r\n\r\n{}",
                                              frame(DEEP.encode())] + self.finish()
        out, err = p.communicate(b"".join(stream), timeout=60)
        self.assertEqual(p.returncode, 0, err.decode())
        messages = self.read_messages(out)
        errors = [m["error"] for m in messages if "error" in m]
        self.assertEqual([e["code"] for e in errors], [-32600, -32700], errors)
        self.assertIn("exceeds the limit", errors[0]["message"])
        self.assertIn("nests deeper", errors[1]["message"])
        self.assertIn({"jsonrpc": "2.0", "id": 99, "result": None}, messages)

    def test_lsp_debounces_edits(self):
        src = self.write("ws/a.cpp", FINDING)
        uri = "file://" + src
        p = self.lsp()
        stream = self.initialize(os.path.dirname(src))
        stream.append(frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
            "textDocument": {"uri": uri, "languageId": "cpp", "version": 1, "text": FINDING}}}))
        for version in range(2, 22):
            stream.append(frame({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"text": FINDING + "// edit %d\n" % version}]}}))
        stream.append(frame({"jsonrpc": "2.0", "id": 2, "method": "textDocument/codeAction", "params": {
            "textDocument": {"uri": uri}, "range": {"start": {"line": 0, "character": 0},
                                                    "end": {"line": 9, "character": 0}},
            "context": {"diagnostics": []}}}))
        start = time.time()
        out, err = p.communicate(b"".join(stream + self.finish()), timeout=120)
        self.assertEqual(p.returncode, 0, err.decode())
        messages = self.read_messages(out)
        published = [m["params"] for m in messages if m.get("method") == "textDocument/publishDiagnostics"]
        self.assertEqual([d["version"] for d in published], [21], err.decode())
        self.assertEqual(len(published[0]["diagnostics"]), 1)
        self.assertEqual(err.decode().count("ampify lsp: analysed"), 1, err.decode())
        self.assertTrue(any(m.get("id") == 2 for m in messages))
        print("20 edits then a code action: %.2f s, 1 analysis" % (time.time() - start))

    def test_lsp_never_reads_a_database_above_the_workspace_root(self):
        secret = self.write("secret.txt", "THE-SECRET-TEXT\n")
        src = self.write("ws/a.cpp", FINDING)
        self.write("compile_commands.json", json.dumps([{
            "directory": self.dir, "file": src,
            "arguments": ["clang++", "-include", secret, src]}]))
        p = self.lsp()
        stream = self.initialize(os.path.dirname(src)) + [frame({
            "jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
                "uri": "file://" + src, "languageId": "cpp", "version": 1, "text": FINDING}}})]
        stream.append(frame({"jsonrpc": "2.0", "id": 2, "method": "textDocument/codeAction", "params": {
            "textDocument": {"uri": "file://" + src}, "range": {"start": {"line": 0, "character": 0},
                                                                "end": {"line": 0, "character": 0}},
            "context": {"diagnostics": []}}}))
        out, err = p.communicate(b"".join(stream + self.finish()), timeout=120)
        self.assertEqual(p.returncode, 0, err.decode())
        self.assertNotIn(b"THE-SECRET-TEXT", out)
        published = [m for m in self.read_messages(out) if m.get("method") == "textDocument/publishDiagnostics"]
        self.assertEqual(len(published), 1)


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--ampify", required=True)
    parser.add_argument("--mock-prefix", required=True)
    ARGS, rest = parser.parse_known_args()
    ARGS.ampify = os.path.abspath(ARGS.ampify)
    ARGS.mock_prefix = os.path.abspath(ARGS.mock_prefix)
    unittest.main(argv=[sys.argv[0]] + rest, verbosity=2)


if __name__ == "__main__":
    main()
