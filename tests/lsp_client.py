"""A minimal LSP client: drives `ampify lsp` (or another server, such as clangd) over pipes
(lsp_test.py, differential_test.py, bench/lsp/run.py)."""
import json
import queue
import subprocess
import threading
import time


def uri(path):
    return "file://" + path


class Client:
    """`ampify lsp` over pipes: requests, notifications, and a queue of what the server sends.
    `command` runs another server instead (the whole command line)."""

    def __init__(self, ampify=None, *extra, cwd=None, command=None):
        self.proc = subprocess.Popen(command or [ampify, "lsp", *extra], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd)
        self.messages = queue.Queue()
        self.stderr = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=lambda: self.stderr.extend(
            l.decode(errors="replace") for l in self.proc.stderr), daemon=True).start()
        self.next_id = 1

    def _read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.messages.put(None)
                    return
                if line in (b"\r\n", b"\n"):
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            self.messages.put(json.loads(out.read(length)))

    def raw(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def send(self, obj):
        body = json.dumps(obj).encode()
        self.raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params=None):
        rid = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        return self.wait(lambda m: m.get("id") == rid and "method" not in m)

    def wait(self, pred, timeout=120):
        deadline = time.time() + timeout
        while True:
            try:
                m = self.messages.get(timeout=max(0.1, deadline - time.time()))
            except queue.Empty:
                raise SystemExit("FAIL: timed out waiting for a message; server log:\n" + "".join(self.stderr))
            if m is None:
                raise SystemExit("FAIL: the server closed its output; log:\n" + "".join(self.stderr))
            if "id" in m and "method" in m:  # a request from the server (clangd's progress)
                self.send({"jsonrpc": "2.0", "id": m["id"], "result": None})
                continue
            if pred(m):
                return m

    def diagnostics(self, path, version=None, timeout=120):
        """The next diagnostics published for `path` (for `version` of it, when given)."""
        return self.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                         and m["params"]["uri"] == uri(path)
                         and (version is None or m["params"].get("version") in (None, version)),
                         timeout)["params"]

    def initialize(self, root):
        r = self.request("initialize", {"processId": None, "rootUri": uri(root), "capabilities": {}})
        self.notify("initialized", {})
        return r

    def finish(self):
        """Shuts the server down: (the reply to shutdown, the server's exit code)."""
        r = self.request("shutdown")
        self.notify("exit", None)
        return r, self.proc.wait(timeout=30)
