#!/usr/bin/env python3
"""Runs the example programs (fp32 originals, ampify-migrated fp16 and bf16) and their Python
torch.amp twins on the GPU, checks the migrated runs, and writes the benchmark (table, JSON,
plots). Called by tests/gpu/run_examples.sh; exits non-zero on any failed check.

Checks per program:
  - every migrated run finishes with finite losses;
  - its final loss (mean of the last 10 steps) is within TOLERANCE of the fp32 run's, relative,
    or within ABSOLUTE_TOLERANCE nats where the loss has gone to nearly zero (a relative bound on a
    loss of 0.004 nats would demand agreement far below the step-to-step noise);
  - training happened: the final loss is below the first loss for every variant (not for the
    GAN, whose summed adversarial losses seek an equilibrium, not a minimum);
  - fp16: the scaler's trace (AMPIFY_SCALER_TRACE) shows that a step was skipped exactly when
    found_inf was set, that the scale backed off exactly then (and otherwise stayed: the runs are
    shorter than growth_interval), and that skips are rare.
"""
import argparse
import json
import os
import subprocess
import sys

PROGRAMS = ["mlp", "resnet", "transformer", "gan", "accumulate_clip"]
# Relative tolerance on the final loss against fp32. The GAN's losses are an adversarial
# equilibrium, not a minimum, so they are noisier.
TOLERANCE = {"gan": 0.25}
DEFAULT_TOLERANCE = 0.10
ABSOLUTE_TOLERANCE = 0.01
ADVERSARIAL = {"gan"}


def mean_tail(losses, n=10):
    tail = [v for v in losses[-n:] if v is not None]
    return sum(tail) / len(tail) if tail else float("nan")


def run(cmd, env=None):
    print("+", " ".join(cmd), flush=True)
    r = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    print(r.stdout, end="", flush=True)
    return r.returncode


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin")
    ap.add_argument("--out", required=True)
    ap.add_argument("--python")
    ap.add_argument("--steps", type=int, default=200)
    ap.add_argument("--warmup", type=int, default=20)
    ap.add_argument("--variants", default="fp32 fp16 bf16", help="the C++ variants that were built")
    ap.add_argument("--from-results", help="check and render a results.json of an earlier run "
                                           "instead of running anything")
    args = ap.parse_args()
    failures, results = [], {}
    if args.from_results:
        results = json.load(open(args.from_results))
        for name in results:
            failures += check(name, results[name])

    for name in ([] if args.from_results else PROGRAMS):
        results[name] = {}
        for variant in args.variants.split():
            exe = os.path.join(args.bin, variant, f"{name}_{variant}")
            report = os.path.join(args.out, f"{name}_{variant}.json")
            trace = os.path.join(args.out, f"{name}_{variant}.trace.jsonl")
            env = dict(os.environ, AMPIFY_SCALER_TRACE=trace)
            if os.path.exists(trace):
                os.unlink(trace)
            rc = run([exe, "--steps", str(args.steps), "--warmup", str(args.warmup), "--json", report], env)
            if rc != 0:
                failures.append(f"{name} {variant}: exited {rc}")
                continue
            results[name][variant] = json.load(open(report))
            if os.path.exists(trace):
                results[name][variant]["trace"] = [json.loads(l) for l in open(trace)]
        for mode in [m for m in ("fp16", "bf16") if m in args.variants.split()]:
            report = os.path.join(args.out, f"{name}_py_{mode}.json")
            rc = run([sys.executable, args.python, name, "--mode", mode, "--steps", str(args.steps),
                      "--warmup", str(args.warmup), "--json", report])
            if rc != 0:
                failures.append(f"{name} python {mode}: exited {rc}")
                continue
            results[name]["py_" + mode] = json.load(open(report))
        failures += check(name, results[name])

    json.dump(results, open(os.path.join(args.out, "results.json"), "w"))
    table = render_table(results)
    open(os.path.join(args.out, "benchmarks.md"), "w").write(table)
    print(table)
    try:
        plot(results, args.out)
    except Exception as e:  # plots are documentation, not a check
        print("plots not written:", e)
    if failures:
        print("GPU EXAMPLE CHECKS: FAILURES\n  " + "\n  ".join(failures))
        return 1
    print("GPU EXAMPLE CHECKS: ALL PASSED")
    return 0


def check(name, r):
    out = []
    if "fp32" not in r:
        return [f"{name}: no fp32 reference"]
    ref = mean_tail(r["fp32"]["losses"])
    tol = TOLERANCE.get(name, DEFAULT_TOLERANCE)
    for variant in ("fp32", "fp16", "bf16"):
        if variant not in r:
            continue
        losses = r[variant]["losses"]
        if any(v is None for v in losses[-10:]):
            out.append(f"{name} {variant}: non-finite loss at the end")
            continue
        final = mean_tail(losses)
        if name not in ADVERSARIAL and not final < losses[0]:
            out.append(f"{name} {variant}: loss did not fall ({losses[0]:.4f} -> {final:.4f})")
        if variant != "fp32" and abs(final - ref) > max(tol * abs(ref), ABSOLUTE_TOLERANCE):
            out.append(f"{name} {variant}: final loss {final:.4f} vs fp32 {ref:.4f} (tolerance {tol:.0%})")
    trace = r.get("fp16", {}).get("trace")
    if "fp16" in r:
        if not trace:
            out.append(f"{name} fp16: no scaler trace (was the loop migrated with a GradScaler?)")
        else:
            skipped = 0
            for i, t in enumerate(trace):
                overflow = t["found_inf"] > 0
                skipped += overflow
                wrong = [o for o in t["optimizers"] if o["stepped"] == (o["found_inf"] > 0)]
                if wrong or not t["optimizers"]:
                    out.append(f"{name} fp16 update {i}: an optimizer's step disagrees with its found_inf: {t}")
                    break
                # These runs are shorter than growth_interval (2000), so the scale never grows.
                expected = t["scale_before"] * (0.5 if overflow else 1.0)
                if t["scale_after"] != expected:
                    out.append(f"{name} fp16 update {i}: scale {t['scale_before']} -> {t['scale_after']}")
                    break
            r["fp16"]["skipped"] = skipped
            if skipped > max(3, len(trace) // 10):
                out.append(f"{name} fp16: {skipped} of {len(trace)} steps skipped")
    return out


def render_table(results):
    lines = ["| program | fp32 ms | fp16 ms | bf16 ms | torch.amp fp16 ms | fp32/fp16 speed-up | "
             "fp16 vs torch.amp | fp16 peak / fp32 peak | bf16 peak / fp32 peak | skipped fp16 steps |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for name, r in results.items():
        def get(v, k):
            return r.get(v, {}).get(k)
        f32, f16, b16, p16 = (get(v, "step_ms") for v in ("fp32", "fp16", "bf16", "py_fp16"))
        m32, m16, mb = (get(v, "peak_mib") for v in ("fp32", "fp16", "bf16"))

        def ratio(a, b, fmt="{:.2f}x"):
            return fmt.format(a / b) if a and b else "n/a"

        def num(v):
            return f"{v:.2f}" if v else "n/a"
        lines.append(f"| {name} | {num(f32)} | {num(f16)} | {num(b16)} | {num(p16)} | {ratio(f32, f16)} | "
                     f"{ratio(f16, p16)} | {ratio(m16, m32, '{:.2f}')} | {ratio(mb, m32, '{:.2f}')} | "
                     f"{r.get('fp16', {}).get('skipped', 'n/a')} |")
    return "\n".join(lines) + "\n"


def plot(results, out):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(1, len(results), figsize=(4 * len(results), 3.2))
    for ax, (name, r) in zip(axes, results.items()):
        for variant in ("fp32", "fp16", "bf16"):
            if variant in r:
                ax.plot([v if v is not None else float("nan") for v in r[variant]["losses"]], label=variant, lw=1)
        ax.set_title(name)
        ax.set_xlabel("step")
        ax.set_yscale("log")
    axes[0].set_ylabel("loss")
    axes[0].legend()
    fig.tight_layout()
    fig.savefig(os.path.join(out, "loss_curves.png"), dpi=90)
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(12, 3.5))
    names = list(results)
    width = 0.2
    for k, variant in enumerate(("fp32", "fp16", "bf16", "py_fp16")):
        xs = [i + (k - 1.5) * width for i in range(len(names))]
        a1.bar(xs, [results[n].get(variant, {}).get("step_ms", 0) for n in names], width, label=variant)
        if variant != "py_fp16":
            a2.bar(xs, [results[n].get(variant, {}).get("peak_mib", 0) for n in names], width, label=variant)
    for a, title in ((a1, "step time (ms)"), (a2, "peak memory (MiB)")):
        a.set_xticks(range(len(names)))
        a.set_xticklabels(names)
        a.set_title(title)
        a.legend()
    fig.tight_layout()
    fig.savefig(os.path.join(out, "time_memory.png"), dpi=90)


if __name__ == "__main__":
    sys.exit(main())
