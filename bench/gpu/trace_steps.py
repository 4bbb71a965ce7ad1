#!/usr/bin/env python3
"""Profiles an example's training steps and compares C++ with Python kernel by kernel.

  python3 trace_steps.py py NAME MODE TRACE.json [--steps 30 --warmup 5 --models models.py]
      runs the Python twin (bench/gpu/models.py, MODE fp16 or fp16_fused_cl) under torch.profiler
      (CPU ops, CUDA runtime calls, kernels) and saves the Chrome trace; the C++ programs are
      profiled by bench/gpu/profile (the same Kineto collector, from LibTorch).
  python3 trace_steps.py summary LABEL=TRACE.json [LABEL=TRACE.json ...] [--last 20] [--json OUT]
      cuts each trace into training steps at the GradScaler's scale update kernel
      (_amp_update_scale_, one per step on both sides) and prints, per step (medians over the
      last N steps): wall time on the GPU, busy time (sum of kernel, memcpy and memset times),
      idle time, kernel count, and the same split into forward (kernels launched by the main
      thread before the step's first backward kernel), backward (launched by the autograd
      engine's thread) and optimizer (main thread, after the backward); the host's time per step
      (between the launches of consecutive scale updates); then the kernels of each trace by
      name, time per step, and the differences between the first trace and the others.
"""
import argparse
import collections
import gzip
import json
import re
import statistics
import sys

GPU_CATS = ("kernel", "gpu_memcpy", "gpu_memset")
RUNTIME_CATS = ("cuda_runtime", "cuda_driver")


def load(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        data = json.load(f)
    return data["traceEvents"] if isinstance(data, dict) else data


def short(name):
    name = re.sub(r"^void ", "", name)
    name = re.sub(r"\(anonymous namespace\)::", "", name)
    return name[:110]


def analyse(events, last):
    gpu = sorted((e for e in events if e.get("ph") == "X" and e.get("cat") in GPU_CATS), key=lambda e: e["ts"])
    runtime = {}
    launches = []
    for e in events:
        if e.get("ph") == "X" and e.get("cat") in RUNTIME_CATS:
            c = e.get("args", {}).get("correlation")
            if c is not None:
                runtime[c] = e
            launches.append(e)
    updates = [e for e in gpu if "amp_update_scale" in e["name"]]
    if len(updates) < 3:
        raise SystemExit(f"only {len(updates)} scale-update kernels in the trace")
    main_tid = runtime.get(updates[-1]["args"].get("correlation"), {}).get("tid")
    bounds = [u["ts"] + u["dur"] for u in updates]
    steps = []
    names = collections.defaultdict(lambda: [0, 0.0])  # name -> [count, us] over the counted steps
    windows = list(zip(bounds[:-1], bounds[1:]))[-last:]
    host_ts = [runtime[u["args"]["correlation"]]["ts"] for u in updates if u["args"].get("correlation") in runtime]
    host_steps = [b - a for a, b in zip(host_ts[:-1], host_ts[1:])][-last:]
    for lo, hi in windows:
        inside = [e for e in gpu if lo <= e["ts"] < hi]
        tid = lambda e: runtime.get(e.get("args", {}).get("correlation"), {}).get("tid")
        bwd = [i for i, e in enumerate(inside) if tid(e) is not None and tid(e) != main_tid]
        first_b = bwd[0] if bwd else len(inside)
        last_b = bwd[-1] if bwd else -1
        phase = {"fwd": [], "bwd": [], "opt": []}
        for i, e in enumerate(inside):
            if tid(e) not in (None, main_tid):
                phase["bwd"].append(e)
            elif i < first_b:
                phase["fwd"].append(e)
            elif i > last_b:
                phase["opt"].append(e)
            else:
                phase["bwd"].append(e)  # main-thread work interleaved with the backward
            names[short(e["name"])][0] += 1
            names[short(e["name"])][1] += e["dur"]
        s = {"wall_us": hi - lo, "busy_us": sum(e["dur"] for e in inside), "kernels": len(inside)}
        for p, es in phase.items():
            s[f"{p}_kernels"] = len(es)
            s[f"{p}_busy_us"] = sum(e["dur"] for e in es)
            s[f"{p}_span_us"] = (es[-1]["ts"] + es[-1]["dur"] - es[0]["ts"]) if es else 0.0
        s["idle_us"] = s["wall_us"] - s["busy_us"]
        steps.append(s)
    n = len(windows)
    med = {k: statistics.median(s[k] for s in steps) for k in steps[0]}
    med["host_step_us"] = statistics.median(host_steps) if host_steps else float("nan")
    per_name = {k: (v[0] / n, v[1] / n) for k, v in names.items()}
    # Host side, between the launches of consecutive scale updates: CUDA runtime calls (launches,
    # syncs) and their total time, and the number of ATen ops.
    host_windows = list(zip(host_ts[:-1], host_ts[1:]))[-last:]
    ops = sorted(e["ts"] for e in events if e.get("ph") == "X" and e.get("cat") == "cpu_op")
    calls, call_us, syncs, op_counts = [], [], [], []
    launches.sort(key=lambda e: e["ts"])
    import bisect
    lts = [e["ts"] for e in launches]
    for a, b in host_windows:
        ins = launches[bisect.bisect_left(lts, a):bisect.bisect_left(lts, b)]
        calls.append(len(ins))
        call_us.append(sum(e["dur"] for e in ins))
        syncs.append(sum(e["dur"] for e in ins if "Synchronize" in e["name"] or "EventSynchronize" in e["name"]
                         or ("Memcpy" in e["name"] and "Async" not in e["name"])))
        op_counts.append(bisect.bisect_left(ops, b) - bisect.bisect_left(ops, a))
    if host_windows:
        med["host_runtime_calls"] = statistics.median(calls)
        med["host_runtime_us"] = statistics.median(call_us)
        med["host_sync_us"] = statistics.median(syncs)
        med["host_aten_ops"] = statistics.median(op_counts)
    return {"steps": n, "median": med, "per_name": per_name, "per_step": steps}


def summary(ns):
    results = {}
    for spec in ns.traces:
        label, path = spec.split("=", 1)
        results[label] = analyse(load(path), ns.last)
    labels = list(results)
    keys = ["wall_us", "busy_us", "idle_us", "kernels", "fwd_kernels", "fwd_busy_us", "fwd_span_us",
            "bwd_kernels", "bwd_busy_us", "bwd_span_us", "opt_kernels", "opt_busy_us", "opt_span_us", "host_step_us", "host_runtime_calls", "host_runtime_us",
            "host_sync_us", "host_aten_ops"]
    out = [f"Per training step, medians over the last {ns.last} steps of each trace (us; GPU times from the "
           "profiler's kernel records):", "", "| | " + " | ".join(labels) + " |", "| --- |" + " --- |" * len(labels)]
    for k in keys:
        out.append(f"| {k} | " + " | ".join(f"{results[l]['median'].get(k, float('nan')):.1f}" for l in labels) + " |")
    base = labels[0]
    for other in labels[1:]:
        a, b = results[base]["per_name"], results[other]["per_name"]
        rows = []
        for name in set(a) | set(b):
            ca, ta = a.get(name, (0, 0.0))
            cb, tb = b.get(name, (0, 0.0))
            rows.append((tb - ta, name, ca, ta, cb, tb))
        rows.sort(key=lambda r: -abs(r[0]))
        out += ["", f"Kernels whose time per step differs most, {other} minus {base} (count per step, us per step):",
                "", f"| kernel | {base} n | {base} us | {other} n | {other} us | diff us |",
                "| --- | --- | --- | --- | --- | --- |"]
        for d, name, ca, ta, cb, tb in rows[:ns.top]:
            out.append(f"| `{name}` | {ca:.1f} | {ta:.1f} | {cb:.1f} | {tb:.1f} | {d:+.1f} |")
        same = sum(min(r[3], r[5]) for r in rows if r[2] > 0 and r[4] > 0)
        out.append(f"| (sum of all differences) | | {sum(r[3] for r in rows):.1f} | | {sum(r[5] for r in rows):.1f} | "
                   f"{sum(r[0] for r in rows):+.1f} |")
        only_a = sum(r[3] for r in rows if r[4] == 0)
        only_b = sum(r[5] for r in rows if r[2] == 0)
        out.append(f"\nkernels in both: {same:.1f} us/step in common; only in {base}: {only_a:.1f} us; "
                   f"only in {other}: {only_b:.1f} us")
    for label in labels:
        rows = sorted(results[label]["per_name"].items(), key=lambda kv: -kv[1][1])
        out += ["", f"Top kernels of {label} (count per step, us per step):", "", "| kernel | n | us |",
                "| --- | --- | --- |"]
        for name, (c, t) in rows[:ns.top]:
            out.append(f"| `{name}` | {c:.1f} | {t:.1f} |")
    print("\n".join(out))
    if ns.json:
        json.dump(results, open(ns.json, "w"), indent=1)


def profile_py(ns):
    import argparse as ap
    import importlib.util
    import torch
    spec = importlib.util.spec_from_file_location("models", ns.models)
    models = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(models)
    args = ap.Namespace(steps=ns.steps, warmup=ns.warmup, json=ns.report)
    dev = torch.device("cuda")
    torch.manual_seed(0)
    acts = [torch.profiler.ProfilerActivity.CPU, torch.profiler.ProfilerActivity.CUDA]
    with torch.profiler.profile(activities=acts) as prof:
        models.MODELS[ns.name](args, models.Amp(ns.mode), dev)
    prof.export_chrome_trace(ns.trace)
    print("trace:", ns.trace)


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("py")
    p.add_argument("name")
    p.add_argument("mode")
    p.add_argument("trace")
    p.add_argument("--steps", type=int, default=30)
    p.add_argument("--warmup", type=int, default=5)
    p.add_argument("--report", default="/tmp/trace_steps_report.json")
    p.add_argument("--models", default=__file__.replace("trace_steps.py", "models.py"))
    s = sub.add_parser("summary")
    s.add_argument("traces", nargs="+", help="LABEL=TRACE.json[.gz]")
    s.add_argument("--last", type=int, default=20)
    s.add_argument("--top", type=int, default=25)
    s.add_argument("--json")
    ns = ap.parse_args()
    if ns.cmd == "py":
        profile_py(ns)
    else:
        summary(ns)
    return 0


if __name__ == "__main__":
    sys.exit(main())
