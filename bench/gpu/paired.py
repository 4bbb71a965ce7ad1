#!/usr/bin/env python3
"""Paired C++/Python benchmark of the migrated example programs (issue 18), one job.

The C++ programs (fp32 originals and their `ampify fix` fp16 migration) are built as shared
libraries (examples/CMakeLists.txt, -DEXAMPLE_LIBRARY=ON, from bench/gpu/library_sources.py's copy
of the sources). By default (--cpp runner) one C++ server process (bench/gpu/cpp_runner.cpp) loads
them once and runs them on request, while the Python twins (bench/gpu/models.py) run in this
process: C++ and Python rounds alternate one by one on the same GPU, as in bench/runtime, without a
process start per round and without sharing a process. Each round runs every variant of every
example once (WARMUP untimed steps, then STEPS timed ones), program after program, the order of the
four variants rotating from round to round. --cpp exec starts the executable for every C++ round
instead; --cpp ctypes loads the libraries into this process, the first design, which segfaults on
the H200 with torch imported (bench/gpu/ctypes_probe.py, docs/benchmarks.md).

  python3 bench/gpu/paired.py run [--cpp runner|exec|ctypes] --libs DIR --runner EXE [--bins DIR]
      --models bench/gpu/models.py --out OUT [--rounds 20] [--steps 20] [--warmup 5] [--deadline T]
        writes OUT/paired.json (every round of every variant: ms/step and peak MiB; rewritten after
        each round) and OUT/syncs.json (host syncs per step of each migrated C++ program, counted in
        one untimed round under CUDA's sync-debug mode "warn", before the timed rounds)
  python3 bench/gpu/paired.py report OUT/paired.json [--syncs OUT/syncs.json] [--plot DIR] [--readme README.md]
        medians, IQRs of the paired ratios, the issue's targets (markdown on stdout); --readme
        rewrites README's generated GPU table from these raw results

Variants: cpp_fp32 (original), cpp_fp16 (migrated: autocast, GradScaler with fused sync-free
steps, channels_last for the conv net), py_fp16 (torch.amp as users write it by default:
foreach optimizers, NCHW), py_fp16_fused_cl (fused=True optimizers, channels_last conv net).
--extra-cpp NAME adds the variant cpp_NAME (lib<program>_NAME_lib.so, e.g. a hand-edited copy of a
migrated program measured against the others) to the rotation; the report gives its paired ratios
against Python default, Python fused and C++ fp16 on extra lines.
"""
import argparse
import ctypes
import gc
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

PROGRAMS = ["mlp", "resnet", "transformer", "gan", "accumulate_clip"]
VARIANTS = ["cpp_fp32", "cpp_fp16", "py_fp16", "py_fp16_fused_cl"]
TARGETS = {  # issue 18
    "resnet_fp16_vs_fp32": 3.4,      # migrated ResNet fp16 vs its fp32 original: >= 3.4x
    "cpp_vs_py_default": 0.85,       # C++ step / Python default step: <= 0.85, each example
    "cpp_vs_py_fused_cl": 1.00,      # C++ step / Python fused + channels_last: <= 1.00
}


class CtypesCpp:
    """--cpp ctypes: the libraries loaded into this Python process (the first design; it crashed
    on the H200, see docs/benchmarks.md)."""

    def __init__(self, ns):
        self.libs = {}
        for name in ns.programs:
            for variant in ("fp32", "fp16"):
                path = os.path.join(ns.libs, f"lib{name}_{variant}_lib.so")
                print(f"ctypes: loading {path}", flush=True)
                lib = ctypes.CDLL(path)
                lib.ampify_example_main.argtypes = [ctypes.c_int, ctypes.POINTER(ctypes.c_char_p)]
                lib.ampify_example_main.restype = ctypes.c_int
                self.libs[(name, variant)] = lib

    def __call__(self, name, variant, args, count_syncs=False):
        if count_syncs:
            os.environ["EXAMPLE_COUNT_SYNCS"] = "1"
        else:
            os.environ.pop("EXAMPLE_COUNT_SYNCS", None)
        argv = [b"example"] + [a.encode() for a in args]
        arr = (ctypes.c_char_p * len(argv))(*argv)
        rc = self.libs[(name, variant)].ampify_example_main(len(argv), arr)
        if rc != 0:
            raise RuntimeError(f"C++ example returned {rc}")

    def close(self):
        pass


class RunnerCpp:
    """--cpp runner (default): the libraries loaded once into one C++ server process
    (bench/gpu/cpp_runner.cpp) that runs them on request; it shares the GPU, not the process, with
    the Python twins, and the rounds still alternate one by one."""

    def __init__(self, ns):
        self.libs = ns.libs
        self.log = open(os.path.join(ns.out, "cpp_runner.log"), "a")
        self.proc = subprocess.Popen([ns.runner], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.log, text=True, bufsize=1)

    def __call__(self, name, variant, args, count_syncs=False):
        path = os.path.join(self.libs, f"lib{name}_{variant}_lib.so")
        self.proc.stdin.write("\t".join([path, "1" if count_syncs else "0"] + args) + "\n")
        self.proc.stdin.flush()
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"cpp_runner exited ({self.proc.wait()}) running {name} {variant}")
            if line.startswith("@@DONE"):
                rc = int(line.split()[1])
                if rc != 0:
                    raise RuntimeError(f"C++ example {name} {variant} returned {rc}")
                return
            if line.startswith("@@ERROR"):
                raise RuntimeError(f"cpp_runner, {name} {variant}: {line.strip()}")
            if line.strip():
                self.log.write(line)
                self.log.flush()

    def close(self):
        self.proc.stdin.write("quit\n")
        self.proc.stdin.flush()
        self.proc.wait(timeout=60)


class ExecCpp:
    """--cpp exec: each C++ round is a new process of the program's executable (BINS/VARIANT/
    NAME_VARIANT): a process start per round, outside the timed steps."""

    def __init__(self, ns):
        self.bins = ns.bins

    def __call__(self, name, variant, args, count_syncs=False):
        env = dict(os.environ)
        env.pop("EXAMPLE_COUNT_SYNCS", None)
        if count_syncs:
            env["EXAMPLE_COUNT_SYNCS"] = "1"
        exe = os.path.join(self.bins, variant, f"{name}_{variant}")
        r = subprocess.run([exe] + args, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if r.returncode != 0:
            raise RuntimeError(f"{exe} exited {r.returncode}: {r.stdout[-2000:]}")

    def close(self):
        pass


def run(ns):
    import torch
    spec = importlib.util.spec_from_file_location("models", ns.models)
    models = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(models)
    os.makedirs(ns.out, exist_ok=True)
    cpp = {"ctypes": CtypesCpp, "runner": RunnerCpp, "exec": ExecCpp}[ns.cpp](ns)
    dev = torch.device("cuda")
    tmp = tempfile.mkdtemp(prefix="paired-")
    report = os.path.join(tmp, "r.json")

    def one(name, variant, steps, warmup, count_syncs=False):
        gc.collect()
        if os.path.exists(report):
            os.unlink(report)
        if variant.startswith("cpp_"):
            cpp(name, variant[4:], ["--steps", str(steps + warmup), "--warmup", str(warmup), "--json", report],
                count_syncs)
        else:
            mode = variant[3:]
            args = argparse.Namespace(steps=steps + warmup, warmup=warmup, json=report)
            torch.manual_seed(0)
            models.MODELS[name](args, models.Amp(mode), dev)
        return json.load(open(report))

    programs = ns.programs
    variants = VARIANTS + [f"cpp_{v}" for v in ns.extra_cpp]
    results = {name: {v: {"ms": [], "peak_mib": [], "final_loss": []} for v in variants} for name in programs}
    meta = {"torch": torch.__version__, "cuda": torch.version.cuda, "device": torch.cuda.get_device_name(0),
            "rounds": 0, "steps": ns.steps, "warmup": ns.warmup, "cpp": ns.cpp,
            "order": "per program, the four variants back to back, their order rotated each round"}
    # Warm-up round (not recorded): library loading, cuBLAS/cuDNN handles, allocator pools.
    for name in programs:
        for variant in variants:
            one(name, variant, 2, 2)
    print("warm-up round done", flush=True)
    # Host syncs per step of the migrated programs, in one untimed round (before the timed ones) under sync-debug "warn".
    syncs = {}
    for name in programs:
        r = one(name, "cpp_fp16", ns.steps, ns.warmup, count_syncs=True)
        syncs[name] = r.get("syncs_per_step")
    json.dump(syncs, open(os.path.join(ns.out, "syncs.json"), "w"), indent=1)
    print("host syncs per migrated step:", syncs)
    started = time.time()
    for rnd in range(ns.rounds):
        per_round = (time.time() - started) / rnd if rnd else 0
        if ns.deadline and rnd >= 1 and time.time() + 1.2 * per_round > ns.deadline:
            print(f"deadline: stopping after {rnd} rounds", flush=True)
            break
        for name in programs:
            k = rnd % len(variants)
            order = variants[k:] + variants[:k]
            for variant in order:
                r = one(name, variant, ns.steps, ns.warmup)
                results[name][variant]["ms"].append(r["step_ms"])
                results[name][variant]["peak_mib"].append(r["peak_mib"])
                results[name][variant]["final_loss"].append(r["losses"][-1])
        print(f"round {rnd + 1}/{ns.rounds} (ms {'/'.join(variants)}): " + ", ".join(
            f"{n} " + "/".join(f"{results[n][v]['ms'][-1]:.2f}" for v in variants) for n in programs), flush=True)
        # Written after every round, so that a run stopped early keeps its finished rounds.
        meta["rounds"] = rnd + 1
        json.dump({"meta": meta, "results": results}, open(os.path.join(ns.out, "paired.json"), "w"), indent=1)

    cpp.close()


def quartiles(xs):
    q = statistics.quantiles(xs, n=4, method="inclusive")
    return q[0], statistics.median(xs), q[2]


def report(ns):
    data = json.load(open(ns.paired))
    res, meta = data["results"], data["meta"]
    syncs = json.load(open(ns.syncs)) if ns.syncs else {}
    out = [f"{meta['device']}, torch {meta['torch']} (CUDA {meta['cuda']}); {meta['rounds']} rounds of "
           f"{meta['steps']} timed steps per variant after {meta['warmup']} warm-up steps; medians, "
           "paired ratios as median [IQR] of the per-round ratios.", ""]
    out.append("| program | C++ fp32 ms | C++ fp16 ms (migrated) | Python fp16 ms (default) | "
               "Python fp16 ms (fused, channels_last) | C++ fp16 vs fp32 | C++ / Python default | "
               "C++ / Python fused+cl | peak MiB C++ fp16 / Py default / Py fused+cl | host syncs per C++ step |")
    out.append("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    verdicts = []
    for name, r in res.items():
        med = {v: statistics.median(r[v]["ms"]) for v in VARIANTS}
        peak = {v: statistics.median(r[v]["peak_mib"]) for v in VARIANTS}

        def paired(a, b):
            return quartiles([x / y for x, y in zip(r[a]["ms"], r[b]["ms"])])
        speed = quartiles([y / x for x, y in zip(r["cpp_fp16"]["ms"], r["cpp_fp32"]["ms"])])
        vs_default, vs_tuned = paired("cpp_fp16", "py_fp16"), paired("cpp_fp16", "py_fp16_fused_cl")
        fmt = lambda q, suffix="": f"{q[1]:.3f}{suffix} [{q[0]:.3f}-{q[2]:.3f}]"
        out.append(f"| {name} | {med['cpp_fp32']:.2f} | {med['cpp_fp16']:.2f} | {med['py_fp16']:.2f} | "
                   f"{med['py_fp16_fused_cl']:.2f} | {fmt(speed, 'x')} | {fmt(vs_default)} | {fmt(vs_tuned)} | "
                   f"{peak['cpp_fp16']:.0f} / {peak['py_fp16']:.0f} / {peak['py_fp16_fused_cl']:.0f} | "
                   f"{syncs.get(name, 'n/a')} |")
        verdicts.append((f"{name}: C++ / Python default <= {TARGETS['cpp_vs_py_default']}", vs_default[1],
                         vs_default[1] <= TARGETS["cpp_vs_py_default"]))
        verdicts.append((f"{name}: C++ / Python fused+channels_last <= {TARGETS['cpp_vs_py_fused_cl']}",
                         vs_tuned[1], vs_tuned[1] <= TARGETS["cpp_vs_py_fused_cl"]))
        if name == "resnet":
            verdicts.append((f"resnet: migrated fp16 vs fp32 original >= {TARGETS['resnet_fp16_vs_fp32']}x",
                             speed[1], speed[1] >= TARGETS["resnet_fp16_vs_fp32"]))
    extra = [v for name in res for v in res[name] if v not in VARIANTS]
    if extra:
        out += ["", "Extra C++ variants (--extra-cpp): median ms and paired ratios, median [IQR] of the per-round ratios:",
                "", "| program | variant | ms | peak MiB | / C++ fp16 | / Python default | / Python fused+cl |",
                "| --- | --- | --- | --- | --- | --- | --- |"]
        for name, r in res.items():
            for v in dict.fromkeys(x for x in r if x not in VARIANTS):
                q = [quartiles([x / y for x, y in zip(r[v]["ms"], r[b]["ms"])])
                     for b in ("cpp_fp16", "py_fp16", "py_fp16_fused_cl")]
                out.append(f"| {name} | {v} | {statistics.median(r[v]['ms']):.2f} | "
                           f"{statistics.median(r[v]['peak_mib']):.0f} | " +
                           " | ".join(f"{x[1]:.3f} [{x[0]:.3f}-{x[2]:.3f}]" for x in q) + " |")
                verdicts.append((f"{name} ({v}): C++ / Python default <= {TARGETS['cpp_vs_py_default']}", q[1][1],
                                 q[1][1] <= TARGETS["cpp_vs_py_default"]))
    out += ["", "| target | measured | |", "| --- | --- | --- |"]
    out += [f"| {what} | {value:.3f} | {'met' if ok else '**missed**'} |" for what, value, ok in verdicts]
    if syncs:
        zero = [n for n, v in syncs.items() if v == 0]
        out.append(f"| 0 host syncs per migrated step | {', '.join(f'{n} {v}' for n, v in syncs.items())} | "
                   f"{'met' if len(zero) == len(syncs) else '**missed** by ' + ', '.join(n for n in syncs if n not in zero)} |")
    print("\n".join(out))
    if ns.plot:
        plot(res, ns.plot)
    if ns.readme:
        readme(ns.readme, out, ns.paired)


README_BEGIN = "<!-- gpu-paired-table: generated by bench/gpu/paired.py report --readme; do not edit -->"
README_END = "<!-- gpu-paired-table end -->"


def readme(path, table_lines, source):
    """Replaces README's generated GPU table (between the markers) with this report's."""
    text = open(path).read()
    begin, end = text.find(README_BEGIN), text.find(README_END)
    if begin < 0 or end < begin:
        raise SystemExit(f"{path}: no {README_BEGIN!r} ... {README_END!r} section")
    body = [README_BEGIN, "", f"From `{source}` (`python3 bench/gpu/paired.py report {source} --syncs "
            f"{os.path.join(os.path.dirname(source), 'syncs.json')} --readme README.md`):", ""]
    body += table_lines + ["", README_END]
    open(path, "w").write(text[:begin] + "\n".join(body) + text[end + len(README_END):])


def plot(res, out):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    names = list(res)
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(13, 3.8))
    width = 0.2
    labels = {"cpp_fp32": "C++ fp32 (original)", "cpp_fp16": "C++ fp16 (migrated)",
              "py_fp16": "Python fp16 (default)", "py_fp16_fused_cl": "Python fp16 (fused, channels_last)"}
    for k, v in enumerate(VARIANTS):
        xs = [i + (k - 1.5) * width for i in range(len(names))]
        a1.bar(xs, [statistics.median(res[n][v]["ms"]) for n in names], width, label=labels[v])
        a2.bar(xs, [statistics.median(res[n][v]["peak_mib"]) for n in names], width, label=labels[v])
    for a, title in ((a1, "step time (ms, median)"), (a2, "peak memory (MiB)")):
        a.set_xticks(range(len(names)))
        a.set_xticklabels(names)
        a.set_title(title)
    a1.set_yscale("log")
    a1.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "gpu_paired_time_memory.png"), dpi=90)
    fig, ax = plt.subplots(figsize=(7, 3.5))
    for k, (a, b, label) in enumerate((("cpp_fp16", "py_fp16", "C++ / Python default"),
                                       ("cpp_fp16", "py_fp16_fused_cl", "C++ / Python fused+channels_last"))):
        data = [[x / y for x, y in zip(res[n][a]["ms"], res[n][b]["ms"])] for n in names]
        ax.boxplot(data, positions=[i + (k - 0.5) * 0.35 for i in range(len(names))], widths=0.3,
                   patch_artist=True, boxprops={"facecolor": f"C{k}"})
        ax.plot([], [], color=f"C{k}", label=label)
    ax.axhline(0.85, ls="--", color="C0", lw=0.8)
    ax.axhline(1.0, ls="--", color="C1", lw=0.8)
    ax.set_xticks(range(len(names)))
    ax.set_xticklabels(names)
    ax.set_title("paired per-round step-time ratios (targets dashed)")
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "gpu_paired_ratios.png"), dpi=90)


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--cpp", choices=["runner", "exec", "ctypes"], default="runner",
                   help="how the C++ programs run: runner (one C++ server process holding the libraries, "
                        "default), exec (a process per round), ctypes (in this process: crashed on the H200)")
    r.add_argument("--libs", help="the lib*_lib.so (runner, ctypes)")
    r.add_argument("--runner", help="the cpp_runner executable (runner)")
    r.add_argument("--bins", help="the examples' build folder, with fp32/ and fp16/ (exec)")
    r.add_argument("--deadline", type=float, help="Unix time: start no round that would end after it")
    r.add_argument("--programs", nargs="+", default=PROGRAMS, choices=PROGRAMS)
    r.add_argument("--models", required=True)
    r.add_argument("--out", required=True)
    r.add_argument("--rounds", type=int, default=20)
    r.add_argument("--steps", type=int, default=20)
    r.add_argument("--warmup", type=int, default=5)
    r.add_argument("--extra-cpp", nargs="*", default=[], metavar="NAME",
                   help="extra C++ variants cpp_NAME, from lib<program>_NAME_lib.so in --libs")
    p = sub.add_parser("report")
    p.add_argument("paired")
    p.add_argument("--syncs")
    p.add_argument("--plot")
    p.add_argument("--readme", help="rewrite the generated GPU table of this README")
    ns = ap.parse_args()
    if ns.cmd == "run":
        run(ns)
    else:
        report(ns)
    return 0


if __name__ == "__main__":
    sys.exit(main())
