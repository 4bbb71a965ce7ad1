"""Python side of the ampify runtime benchmark (same model, batch and protocol as bench_modes.cpp).
  python3 bench.py run PY.txt [ROUNDS [STEPS]] [--cpp-library LIB]
        runs the Python modes, writes "mode ms_round1 ..." lines; with LIB
        (libampify_runtime_bench_modes.so) the C++ modes ("cpp:<mode>") take turns with them in this process
  python3 bench.py report [--py PY1.txt PY2.txt --cpp CPP1.txt CPP2.txt] [--inprocess BOTH1.txt ...]
        medians, spreads and the ratios against the targets
  python3 bench.py profile DIR                    torch.profiler traces of 3 steps per mode: DIR/py_<mode>.json
  python3 bench.py kernels DIR                    compares DIR/cpp_<mode>.json with DIR/py_<mode>.json
  python3 bench.py clocks [ROUNDS [STEPS]]        SM clock, power and zero gradients per unscaled/scaled mode
As in bench_modes.cpp, every mode has its own model (same initial weights), optimizer and scaler, and
the modes take turns round by round, so clock or allocator drift lands on all of them alike. Ratios
between modes of one process are taken round by round (paired). C++/Python ratios are measured two
ways: between separate processes (the stand-alone C++ program and this script, alternating C++,
Python, C++, Python; medians of all rounds of each language), and within one process (--cpp-library:
the C++ round of a mode and the Python round of the same mode, paired round by round)."""
import argparse
import collections
import ctypes
import json
import os
import re
import statistics
import sys
import threading
import time

import torch

BATCH, D, H, CLASSES, BLOCKS = 8192, 2048, 8192, 1000, 3
WARMUP, PROFILE_STEPS = 10, 3
MODES = {  # name: (GradScaler?, AdamW kwargs)
    "noscale": (False, {}),
    "noscale_const": (False, {}),
    "scaler": (True, {}),                           # default: foreach implementation
    "scaler_forloop": (True, {"foreach": False}),   # per-parameter loop, like LibTorch's AdamW
    "fused": (True, {"fused": True}),
    "fused_noscale": (False, {"fused": True}),
    "fused_noscale_const": (False, {"fused": True}),
}


def make_model():
    torch.manual_seed(0)
    layers = []
    for _ in range(BLOCKS):
        layers += [torch.nn.Linear(D, H), torch.nn.GELU(), torch.nn.Linear(H, D), torch.nn.LayerNorm(D)]
    layers.append(torch.nn.Linear(D, CLASSES))
    return torch.nn.Sequential(*layers).cuda()


class Mode:
    def __init__(self, name):
        self.name = name
        self.use_scaler, kw = MODES[name]
        self.model = make_model()
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=1e-5, **kw)
        self.scaler = torch.amp.GradScaler("cuda", enabled=self.use_scaler)

    def forward_backward(self, x, y):
        self.opt.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16):
            loss = torch.nn.functional.cross_entropy(self.model(x), y)
        if self.use_scaler:
            self.scaler.scale(loss).backward()
        else:
            (loss * 65536.0 if self.name.endswith("_const") else loss).backward()

    def step(self, x, y):
        self.forward_backward(x, y)
        if self.use_scaler:
            self.scaler.step(self.opt)
            self.scaler.update()
        else:
            self.opt.step()

    def timed(self, steps, x, y):
        """ms per step over `steps` steps between two device synchronizations."""
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        for _ in range(steps):
            self.step(x, y)
        torch.cuda.synchronize()
        return (time.perf_counter() - t0) * 1e3 / steps

    def final_scale(self):
        return self.scaler.get_scale() if self.use_scaler else 1.0


class CppMode:
    """A mode of bench_modes.cpp, run in this process through libampify_runtime_bench_modes.so (its
    own models and data, made from the same seeds); each round is one call, timed in C++."""

    def __init__(self, lib, index):
        self.lib, self.index = lib, index
        self.name = "cpp:" + lib.ampify_bench_mode_name(index).decode()

    def timed(self, steps, x, y):
        return self.lib.ampify_bench_run(self.index, steps)

    def final_scale(self):
        return self.lib.ampify_bench_final_scale(self.index)


def load_cpp_modes(path):
    lib = ctypes.CDLL(path)
    lib.ampify_bench_setup.restype = ctypes.c_int
    lib.ampify_bench_mode_name.argtypes = [ctypes.c_int]
    lib.ampify_bench_mode_name.restype = ctypes.c_char_p
    lib.ampify_bench_run.argtypes = [ctypes.c_int, ctypes.c_int]
    lib.ampify_bench_run.restype = ctypes.c_double
    lib.ampify_bench_final_scale.argtypes = [ctypes.c_int]
    lib.ampify_bench_final_scale.restype = ctypes.c_double
    return [CppMode(lib, i) for i in range(lib.ampify_bench_setup())]


def cuda_libraries():
    """The CUDA libraries loaded, as bench_main.cpp lists them (it may load other copies than torch's)."""
    with open("/proc/self/maps") as f:
        paths = {line[line.index("/"):].strip() for line in f if "/" in line}
    return sorted(p for p in paths if re.match(r"lib(cublas|cudart|cudnn\.so|nvrtc\.so)", os.path.basename(p)))


def setup(names):
    modes = [Mode(n) for n in names]
    torch.manual_seed(1)
    x = torch.randn(BATCH, D, device="cuda")
    y = torch.randint(0, CLASSES, (BATCH,), device="cuda")
    print(f"bench.py: data checksums x {x.double().sum().item():.6f} y {int(y.sum())} weights "
          f"{sum(p.double().sum().item() for p in modes[0].model.parameters()):.6f}", flush=True)
    for m in modes:
        for _ in range(WARMUP):
            m.step(x, y)
    for lib in cuda_libraries():
        print(f"bench.py: library {lib}", flush=True)
    return modes, x, y


def timed_rounds(modes, x, y, rounds, steps, on_mode=None):
    ms = {m.name: [] for m in modes}
    for r in range(rounds):
        for k in range(len(modes)):
            m = modes[(r + k) % len(modes)]
            if on_mode:
                on_mode(m.name)
            ms[m.name].append(m.timed(steps, x, y))
            if on_mode:
                on_mode(None)
    return ms


def run(out, rounds=15, steps=20, cpp_library=None):
    modes, x, y = setup(list(MODES))
    if cpp_library:
        modes += load_cpp_modes(cpp_library)
    print(f"bench.py: {rounds} rounds x {steps} steps per mode, modes interleaved", flush=True)
    ms = timed_rounds(modes, x, y, rounds, steps)
    with open(out, "w") as f:
        f.writelines(f"# library {lib}\n" for lib in cuda_libraries())
        for m in modes:
            v = ms[m.name]
            print(f"{'' if isinstance(m, CppMode) else 'py  '}{m.name:<23} median {statistics.median(v):.3f} ms/step "
                  f"(rounds: min {min(v):.3f} max {max(v):.3f}; final scale {m.final_scale():.0f})", flush=True)
            f.write(m.name + " " + " ".join(str(t) for t in v) + "\n")


def profile(d):
    modes, x, y = setup(["noscale", "scaler", "fused", "fused_noscale"])
    acts = [torch.profiler.ProfilerActivity.CPU, torch.profiler.ProfilerActivity.CUDA]
    for m in modes:
        torch.cuda.synchronize()
        with torch.profiler.profile(activities=acts) as p:
            for _ in range(PROFILE_STEPS):
                m.step(x, y)
            torch.cuda.synchronize()
        p.export_chrome_trace(f"{d}/py_{m.name}.json")
        print(f"profiled {m.name}", flush=True)


def trace_summary(path):
    with open(path) as f:
        events = json.load(f)["traceEvents"]
    gpu = [e for e in events if e.get("ph") == "X" and e.get("cat") in ("kernel", "gpu_memcpy", "gpu_memset")]
    runtime = collections.Counter(e["name"] for e in events if e.get("ph") == "X" and e.get("cat") == "cuda_runtime")
    names = collections.defaultdict(lambda: [0, 0.0])
    for e in gpu:
        names[e["name"]][0] += 1
        names[e["name"]][1] += e["dur"]
    start = min(e["ts"] for e in gpu)
    end = max(e["ts"] + e["dur"] for e in gpu)
    n = PROFILE_STEPS
    return {
        "kernels": len(gpu) / n,
        "busy_us": sum(e["dur"] for e in gpu) / n,
        "span_us": (end - start) / n,
        "syncs": sum(v for k, v in runtime.items() if "Synchronize" in k) / n,
        "memcpy_calls": sum(v for k, v in runtime.items() if "Memcpy" in k) / n,
        "names": {k: (c / n, t / n) for k, (c, t) in names.items()},
    }


def kernels(d):
    for mode in ["noscale", "scaler", "fused", "fused_noscale"]:
        try:
            c, p = trace_summary(f"{d}/cpp_{mode}.json"), trace_summary(f"{d}/py_{mode}.json")
        except (OSError, ValueError) as e:
            print(f"{mode}: {e}")
            continue
        print(f"== {mode} (per step)")
        for k in ["kernels", "busy_us", "span_us", "syncs", "memcpy_calls"]:
            print(f"   {k:<13} C++ {c[k]:10.1f}   Python {p[k]:10.1f}")
        print("   GPU ops whose count or time differ (count C++/Py, us C++/Py):")
        for name in sorted(set(c["names"]) | set(p["names"])):
            cc, ct = c["names"].get(name, (0, 0.0))
            pc, pt = p["names"].get(name, (0, 0.0))
            if cc != pc or abs(ct - pt) > 0.02 * max(ct, pt, 1.0) + 5:
                print(f"     {cc:6.1f}/{pc:6.1f} {ct:9.1f}/{pt:9.1f}  {name[:150]}")


def clocks(rounds=6, steps=40):
    """Why is an unscaled fp16 step cheaper than one with the same kernels on a scaled loss? Samples
    the SM clock and the power draw (NVML) while the unscaled, the constant-scaled and the GradScaler
    modes take turns, and counts the zero and subnormal fp16 gradients that one backward of each
    feeds to its GEMMs."""
    import pynvml
    pynvml.nvmlInit()
    h = pynvml.nvmlDeviceGetHandleByIndex(0)
    names = ["noscale", "noscale_const", "scaler"]
    modes, x, y = setup(names)
    for m in modes:
        # The gradients that the backward GEMMs read are those of the Linear outputs (fp16).
        counts = [0, 0, 0]  # elements, zeros, subnormals (below fp16's smallest normal, 6.1e-5)

        def count(g):
            counts[0] += g.numel()
            counts[1] += int((g == 0).sum())
            counts[2] += int(((g != 0) & (g.abs() < 6.1e-5)).sum())

        def on_output(mod, inp, out):
            out.register_hook(count)  # returns None: a forward hook's return value replaces the output

        hooks = [l.register_forward_hook(on_output) for l in m.model if isinstance(l, torch.nn.Linear)]
        m.forward_backward(x, y)
        for hook in hooks:
            hook.remove()
        print(f"{m.name:<14} fp16 gradients of the Linear outputs: {100 * counts[1] / counts[0]:.1f}% zero, "
              f"{100 * counts[2] / counts[0]:.1f}% subnormal", flush=True)
    current = [None]
    samples = collections.defaultdict(list)
    stop = threading.Event()

    def sample():
        while not stop.is_set():
            mode = current[0]
            if mode:
                samples[mode].append((pynvml.nvmlDeviceGetClockInfo(h, pynvml.NVML_CLOCK_SM),
                                      pynvml.nvmlDeviceGetPowerUsage(h) / 1000.0))
            time.sleep(0.005)

    t = threading.Thread(target=sample, daemon=True)
    t.start()
    ms = timed_rounds(modes, x, y, rounds, steps, on_mode=lambda n: current.__setitem__(0, n))
    stop.set()
    t.join()
    for n in names:
        s = samples[n]
        print(f"{n:<14} median {statistics.median(ms[n]):.3f} ms/step, SM clock mean "
              f"{statistics.mean(c for c, _ in s):.0f} MHz (min {min(c for c, _ in s)}), power mean "
              f"{statistics.mean(p for _, p in s):.0f} W ({len(s)} samples)", flush=True)


def read(path):
    """A result file's per-round timings by mode; its "# library" lines under the key "libraries"."""
    with open(path) as f:
        lines = [line.split() for line in f if line.strip()]
    runs = {k: [float(t) for t in v] for k, *v in lines if k != "#"}
    runs["libraries"] = {v[1] for k, *v in lines if k == "#" and v[0] == "library"}
    return runs


def spread(v):
    q = statistics.quantiles(v, n=4) if len(v) > 1 else [v[0]] * 3
    return statistics.median(v), q[0], q[2], min(v), max(v)


def fmt(v, unit=""):
    med, q1, q3, lo, hi = spread(v)
    return f"{med:.3f}{unit} (IQR {q1:.3f}-{q3:.3f}, range {lo:.3f}-{hi:.3f}, n={len(v)})"


# C++/Python comparisons: (label, C++ mode, Python mode, target).
LANGUAGE_RATIOS = [
    ("GradScaler + AdamW (Python foreach)", "scaler", "scaler", 1.0),
    ("GradScaler + AdamW (Python for-loop)", "scaler", "scaler_forloop", None),
    ("sync-free fused (Python fused=True)", "fused", "fused", 1.0),
    ("no scaler, plain AdamW", "noscale", "noscale", None),
    ("no scaler, fused AdamW", "fused_noscale", "fused_noscale", None),
    ("no scaler, fused AdamW, loss x 65536", "fused_noscale_const", "fused_noscale_const", None),
]


def pooled(runs, mode):
    """The per-round timings of `mode` in all `runs` (result files read by read())."""
    return [t for r in runs for t in r.get(mode, [])]


def print_medians(title, py_runs, cpp_runs):
    print(title + " (IQR, range, rounds):")
    for k in MODES:
        print(f"  {k:<20} Python {fmt(pooled(py_runs, k))}")
        if pooled(cpp_runs, k):
            print(f"  {'':<20} C++    {fmt(pooled(cpp_runs, k))}")


def report(py_paths, cpp_paths, inprocess_paths):
    """Separate processes: --py/--cpp files; one process: --inprocess files (both languages' rounds).
    Mode-vs-mode ratios (the scaler's overhead) pool the paired rounds of every process of a language."""
    py_runs, cpp_runs = [read(p) for p in py_paths], [read(p) for p in cpp_paths]
    both = [read(p) for p in inprocess_paths]
    cpp_in = [{k[len("cpp:"):]: v for k, v in r.items() if k.startswith("cpp:")} for r in both]
    py_in = [{k: v for k, v in r.items() if k in MODES} for r in both]

    def paired(pairs):  # round-by-round ratios a/b, pooled over processes
        return [x / y for a, b in pairs for x, y in zip(a, b)]

    def paired_row(label, v, target=None, op="<="):
        med_, q1, q3, lo, hi = spread(v)
        return label, med_, f"paired rounds IQR {q1:.3f}-{q3:.3f}, range {lo:.3f}-{hi:.3f}", target, op

    rows = []
    if py_runs and cpp_runs:
        libs = lambda runs: set().union(*(r["libraries"] for r in runs))
        if libs(py_runs) != libs(cpp_runs):
            print("NOTE: C++ and Python loaded different CUDA libraries:")
            for path in sorted(libs(cpp_runs) ^ libs(py_runs)):
                print(f"  {'C++' if path in libs(cpp_runs) else 'Python'} only: {path}")
        print_medians("Separate processes: ms/step, median over all rounds of all runs of a language", py_runs, cpp_runs)
        med = lambda runs, k: statistics.median(pooled(runs, k))
        for label, ck, pk, target in LANGUAGE_RATIOS:
            per_pair = [statistics.median(c[ck]) / statistics.median(p[pk]) for c in cpp_runs for p in py_runs]
            rows.append((f"C++/Python, separate processes, {label}", med(cpp_runs, ck) / med(py_runs, pk),
                         f"run pairs {min(per_pair):.3f}-{max(per_pair):.3f}", target, "<="))
    if both:
        print_medians("One process: ms/step, median over all rounds", py_in, cpp_in)
        for label, ck, pk, target in LANGUAGE_RATIOS:
            v = paired((c[ck], p[pk]) for c, p in zip(cpp_in, py_in))
            rows.append(paired_row(f"C++/Python, one process, {label}", v, target))
    for lang, runs in [("C++", cpp_runs + cpp_in), ("Python", py_runs + py_in)]:
        for label, a, b, target in [
            ("scaler overhead, plain AdamW (vs noscale)", "scaler", "noscale", 1.03),
            ("scaler overhead, fused AdamW (vs fused_noscale)", "fused", "fused_noscale", 1.03),
            ("scaler overhead, plain AdamW (vs loss x 65536)", "scaler", "noscale_const", None),
            ("scaler overhead, fused AdamW (vs loss x 65536)", "fused", "fused_noscale_const", None),
            ("unscaled loss x 65536 vs unscaled, plain AdamW", "noscale_const", "noscale", None),
        ]:
            if runs:
                rows.append(paired_row(f"{lang} {label}", paired((r[a], r[b]) for r in runs), target))
    if cpp_runs + cpp_in:
        v = paired((r["fused"], r["scaler"]) for r in cpp_runs + cpp_in)
        rows.append(paired_row("C++ sync-free fused / plain GradScaler step", v, 1.0, "<"))
    print("RATIOS (median; the spread in brackets)")
    for label, r, extra, target, op in rows:
        verdict = ""
        if target is not None:
            ok = r <= target if op == "<=" else r < target
            verdict = f"  target {op} {target:.2f}: {'met' if ok else 'MISSED'}"
        print(f"  {label:<70} {r:.3f}  [{extra}]{verdict}")


if __name__ == "__main__":
    cmd = sys.argv[1]
    if cmd == "run":
        ap = argparse.ArgumentParser(prog="bench.py run")
        ap.add_argument("out")
        ap.add_argument("rounds", nargs="?", type=int, default=15)
        ap.add_argument("steps", nargs="?", type=int, default=20)
        ap.add_argument("--cpp-library")
        a = ap.parse_args(sys.argv[2:])
        run(a.out, a.rounds, a.steps, a.cpp_library)
    elif cmd == "report":
        ap = argparse.ArgumentParser(prog="bench.py report")
        ap.add_argument("--py", nargs="+", default=[])
        ap.add_argument("--cpp", nargs="+", default=[])
        ap.add_argument("--inprocess", nargs="+", default=[])
        a = ap.parse_args(sys.argv[2:])
        if bool(a.py) != bool(a.cpp) or not (a.py or a.inprocess):
            ap.error("give --py and --cpp files (separate processes), --inprocess files, or both")
        report(a.py, a.cpp, a.inprocess)
    elif cmd == "profile":
        profile(sys.argv[2])
    elif cmd == "kernels":
        kernels(sys.argv[2])
    elif cmd == "clocks":
        clocks(*(int(a) for a in sys.argv[2:4]))
    else:
        sys.exit(__doc__)
