#!/usr/bin/env python3
"""Judges the side-by-side runs of run.sh: does each `ampify fix` migration train like the
program it came from?

  compare.py OUT_DIR            (reads OUT_DIR/runs.json and OUT_DIR/logs/*.log)
  compare.py --self-test        (the parser and the verdicts on built-in logs)

Parsing. The programs print their losses in their own formats ("Epoch [1/5], Trainset - Loss:
0.31", "\\rTrain Epoch: 1 [64/60000] Loss: 2.29", "[ 1/30][ 10/938] D_loss: 0.52 | G_loss: 0.71",
"epoch 50 train MSE 0.40 valid MSE 0.52", "loss:\\n0.83\\n[ CPUFloatType{} ]"). Every line (split at
\\n and \\r) is cut at its numbers; a number whose label (the text right before it, back to the
previous number) names a loss ("loss", "mse", "divergence") is a value of the series keyed by the
words of the line before it, numbers dropped ("epoch trainset loss", "epoch step reconstruction
loss kl divergence"); a line that names a loss and holds no number labels the first number of the
next line (LibTorch's tensor printing). "nan"/"inf" are read as numbers.

Verdicts, per series (each must exist in both runs with the same number of values):
  - FAIL when the migrated run did not build, exited non-zero or timed out, printed a NaN/inf loss
    (where the original's is finite), printed fewer values, or its final loss differs from the
    original's by more than
        max(REL_TOL * |final_orig|, ABS_FRACTION * |first_orig|)
    REL_TOL = 0.25: mixed precision (fp16 + loss scaling on CUDA, bf16 on the CPU, 8 bits of
    mantissa) changes every rounding, so a run follows another trajectory; on these short runs
    with small synthetic data the per-step noise of the loss is of the order of 10%, and
    tests/gpu/examples_driver.py measured fp16/bf16 within 10% of fp32 on longer runs; 25% is
    twice to three times that, and still far below what a broken migration gives (a loss that
    stays at its initial value, NaN, or a skipped update every step). ABS_FRACTION = 0.05: a floor
    of 5% of the original's first loss, for losses that reach almost zero (a relative bound on a
    final loss of 0.004 would ask for agreement far below the noise);
  - for the adversarial series of the GANs (the D/G losses of gan_sequential and dcgan_mnist,
    which seek an equilibrium, not a minimum) REL_TOL_ADVERSARIAL = 0.5 and no decrease is asked;
  - FAIL when the original's loss decreased by more than that tolerance (final < first - tol) and
    the migrated one's did not decrease (programs trained on random labels, such as
    dev/shared_model, hover at ln(10) and only wobble);
  - a program whose own result moves by more than that when only its rounding changes (chaotic
    ones: reinforcement learning, whose sampled actions follow the policy's last bits) is judged
    against that movement instead. The harness runs the original with TF32 matrix products
    (original-tf32, GPU only; 10 bits of mantissa, as fp16's), the original with cuDNN's
    convolutions and RNNs in full fp32 (original-cudnn-fp32, GPU only: LibTorch runs them in TF32
    by default, so this is the rounding change for programs whose products are cuDNN's, which the
    TF32 run does not reach), the original once more
    (original-repeat, GPU only: cuDNN's convolution backward and atomics sum in an order that
    varies from run to run) and the migration with the ampify runtime off (migrated-fp32,
    AMPIFY_DISABLE=1). The spread of a series is the largest distance of these three runs' final
    losses from the original's; the tolerance becomes max(tolerance above,
    SPREAD_FACTOR * spread), SPREAD_FACTOR = 2 (fp16 rounds activations and products alike, TF32
    only products). The note says when a verdict needed it. The migrated-fp32 run is also judged
    as a migration of its own (the rewrite alone must not change results), and its verdict is
    part of the project's. migrated-cpu-bf16 (AMPIFY_CPU_AUTOCAST=1: the CPU regions that
    `ampify fix` leaves off unless the user asks, turned on) is judged the same way and reported
    as "would PASS/FAIL" beside the verdict, not in it: it is what a user may opt into;
  - "final" is the mean of the last max(1, n // 5) values (at most 5): per-epoch series have 2-20
    values, per-step ones up to ~100;
  - IDENTICAL when every value agrees within 1e-5 relative (the expected case where the migrated
    region computes in fp32: ampify::Autocast(c10::kCUDA) on the CPU, a GradScaler disabled without
    CUDA, or a loop ampify refused);
  - a project whose programs print no loss is "NO LOSS PRINTED" (pass only if both ran);
  - a project whose ORIGINAL prints a NaN/inf loss is "ORIGINAL NOT FINITE": not judged, and not
    counted as a failure of the migration (there is nothing to compare it with);
  - a project the harness skipped is "NOT RUN" with the reason, and not a failure.
The ORIGINAL failing to build or run is also a failure (the harness, not ampify, is then broken).
Exit status: 0 when nothing failed, 1 otherwise.
"""
import json
import math
import os
import re
import sys
import tempfile

from harness import JUDGED_REFERENCES, OPT_IN_REFERENCES, REFERENCE_RUNS, SPREAD_REFERENCES

REL_TOL = 0.25
REL_TOL_ADVERSARIAL = 0.5
ABS_FRACTION = 0.05
SPREAD_FACTOR = 2.0
IDENTICAL_REL = 1e-5
KEYWORDS = ("loss", "mse", "divergence")
ADVERSARIAL = {"gan_sequential", "dcgan_mnist"}

NUMBER = re.compile(r"(?<![A-Za-z0-9_.])[-+]?(?:nan|inf(?:inity)?|(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)(?![A-Za-z0-9_])",
                    re.I)


def words(text):
    return " ".join(re.findall(r"[a-z]+", text.lower()))


def parse(text):
    """{series key: [values]} in the order printed."""
    series = {}
    pending = None
    for raw in re.split(r"[\r\n]", text):
        if raw.startswith("# "):  # the harness's own header and footer lines
            continue
        matches = list(NUMBER.finditer(raw))
        if not matches:
            w = words(raw)
            pending = w if any(k in w for k in KEYWORDS) else (pending if not w else None)
            continue
        prev = 0
        for i, m in enumerate(matches):
            label = words(raw[prev:m.start()])
            key = None
            if any(k in label for k in KEYWORDS):
                key = words(NUMBER.sub(" ", raw[:m.start()]))
            elif i == 0 and not label and pending:
                key = pending
            if key:
                series.setdefault(key, []).append(float(m.group(0)))
            prev = m.end()
        pending = None
    return series


def final(values):
    k = max(1, min(5, len(values) // 5))
    return sum(values[-k:]) / k


def finite(values):
    return all(math.isfinite(v) for v in values)


def judge_series(project, key, orig, mig, spread=0.0):
    """(ok, identical, note); spread: how far the original's own final loss moves under rounding."""
    if len(mig) < len(orig):
        return False, False, "%s: migrated printed %d values, original %d" % (key, len(mig), len(orig))
    if not finite(mig):
        return False, False, "%s: migrated loss is not finite (%s)" % (key, next(v for v in mig if not math.isfinite(v)))
    identical = len(orig) == len(mig) and all(
        abs(a - b) <= IDENTICAL_REL * max(abs(a), abs(b), 1e-12) for a, b in zip(orig, mig))
    fo, fm = final(orig), final(mig)
    adversarial = project in ADVERSARIAL and any(w in key.split() for w in ("d", "g"))
    rel = REL_TOL_ADVERSARIAL if adversarial else REL_TOL
    tol = max(rel * abs(fo), ABS_FRACTION * abs(orig[0]))
    widened = max(tol, SPREAD_FACTOR * spread)
    if abs(fm - fo) > widened:
        return False, identical, "%s: final %.4g vs original %.4g (tolerance %.3g%s)" % (
            key, fm, fo, widened, ", twice the original's rounding spread %.3g" % spread if widened > tol else "")
    if abs(fm - fo) > tol:
        return True, identical, "%s: final %.4g vs original %.4g, within twice the original's rounding spread %.3g" % (
            key, fm, fo, spread)
    if not adversarial and len(orig) > 1 and fo < orig[0] - tol and not fm < mig[0]:
        return False, identical, "%s: the original's loss fell (%.4g -> %.4g), the migrated one's did not (%.4g -> %.4g)" % (
            key, orig[0], fo, mig[0], fm)
    return True, identical, ""


def fmt(values):
    if not values:
        return "-"
    return "%.4g -> %.4g (%d)" % (values[0], final(values), len(values))


def judge(out):
    state = json.load(open(os.path.join(out, "runs.json")))
    rows, failures = [], 0
    for name in sorted(k for k in state if not k.startswith("_")):
        entry = state[name]
        row = {"project": name, "corpus": entry.get("corpus", ""), "orig": "-", "mig": "-", "notes": []}
        rows.append(row)
        if entry.get("skipped"):
            row["verdict"] = "NOT RUN"
            row["notes"].append(entry["skipped"])
            continue
        broken = []
        logs = {}
        for variant in ("original", "migrated"):
            v = entry.get(variant, {})
            b = v.get("build")
            if not b or not b.get("ok"):
                broken.append("%s did not build (%s)" % (variant, b.get("log") if b else "not built"))
                continue
            r = v.get("run")
            if not r:
                broken.append("%s was not run" % variant)
                continue
            logs[variant] = open(os.path.join(out, r["log"]), errors="replace").read()
            if r["timed_out"]:
                broken.append("%s timed out after %s s" % (variant, r["seconds"]))
            elif r["rc"] != 0:
                broken.append("%s exited %d (%s)" % (variant, r["rc"], r["log"]))
        for reference in REFERENCE_RUNS:
            r = entry.get(reference, {}).get("run")
            if not r:
                continue
            logs[reference] = open(os.path.join(out, r["log"]), errors="replace").read()
            if r["timed_out"] or r["rc"] != 0:
                broken.append("%s %s (%s)" % (reference, "timed out" if r["timed_out"] else "exited %d" % r["rc"], r["log"]))
        parsed = {v: parse(t) for v, t in logs.items()}
        o, m = parsed.get("original", {}), parsed.get("migrated", {})
        references = {v: parsed[v] for v in REFERENCE_RUNS if v in parsed}
        main_key = next(iter(o), None)
        if main_key:
            row["orig"] = fmt(o[main_key])
            row["mig"] = fmt(m.get(main_key, []))
            row["series"] = main_key
        if entry.get("unchanged"):
            row["notes"].append("ampify changed no file")
        if broken:
            row["verdict"] = "FAIL"
            row["notes"] += broken
            failures += 1
            continue
        if not o:
            row["verdict"] = "NO LOSS PRINTED"
            row["notes"].append("both ran (exit 0); the program prints no loss to compare")
            continue
        lost = [key for key, values in o.items() if not finite(values)]
        if lost:
            # Nothing to hold the migration against (heldout32's exchange_economy: threads that
            # share a generator sent its own loss to NaN in one run of two): not judged.
            row["verdict"] = "ORIGINAL NOT FINITE"
            row["notes"].append("the original's own loss is not finite (%s): the migration cannot be judged against it"
                                % ", ".join(lost))
            continue
        ok, identical = True, True
        for key, values in o.items():
            spread = 0.0
            for reference in SPREAD_REFERENCES:
                other = references.get(reference, {}).get(key)
                if other and len(other) == len(values) and finite(other):
                    spread = max(spread, abs(final(other) - final(values)))
            for variant, run in [("migrated", m)] + [(v, references[v]) for v in JUDGED_REFERENCES + OPT_IN_REFERENCES
                                                     if v in references]:
                opt_in = variant in OPT_IN_REFERENCES
                prefix = "" if variant == "migrated" else variant + (" (opt-in, not in the verdict)" if opt_in else "") + ": "
                if key not in run:
                    ok, identical = ok and opt_in, identical and opt_in
                    row["notes"].append("%s%s: missing from the %s run" % (prefix, key, variant))
                    continue
                s_ok, s_identical, note = judge_series(name, key, values, run[key], spread)
                if opt_in:  # a passing opt-in series shows in the reference runs' line
                    note = ("would FAIL: " if not s_ok else "would PASS: " if note else "") + note
                else:
                    ok &= s_ok
                identical &= s_identical or variant != "migrated"
                if note:
                    row["notes"].append(prefix + note)
        if references:
            row["notes"].append("reference runs: " + "; ".join(
                "%s %s" % (v, ", ".join("%s %s" % (k, fmt(references[v].get(k, []))) for k in o)) for v in references))
        if len(o) > 1:
            row["notes"].append("series: " + "; ".join("%s %s / %s" % (k, fmt(o[k]), fmt(m.get(k, []))) for k in o))
        row["verdict"] = ("IDENTICAL" if identical else "PASS") if ok else "FAIL"
        failures += not ok
    return rows, failures, state.get("_machine", {})


def render(rows, failures, machine):
    lines = ["| project | corpus | loss series | original first -> final (n) | migrated first -> final (n) | verdict |",
             "| --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        lines.append("| %s | %s | %s | %s | %s | %s |" % (r["project"], r["corpus"], r.get("series", "-"), r["orig"],
                                                         r["mig"], r["verdict"]))
    lines.append("")
    for r in rows:
        for n in r["notes"]:
            lines.append("%s: %s" % (r["project"], n))
    counts = {}
    for r in rows:
        counts[r["verdict"]] = counts.get(r["verdict"], 0) + 1
    lines.append("")
    lines.append("machine: %s; tolerances: final loss within max(%.0f%% of the original's, %.0f%% of its first loss), "
                 "%.0f%% for GAN D/G losses, or %g times the original's own spread (TF32, cuDNN in fp32, a second run) where larger"
                 % (("GPU" if machine.get("gpu") else "CPU only") +
                    (", the CPU computes bf16 in hardware" if machine.get("cpu_bf16") else
                     ", the CPU computes bf16 in software" if "cpu_bf16" in machine else ""),
                    REL_TOL * 100, ABS_FRACTION * 100,
                    REL_TOL_ADVERSARIAL * 100, SPREAD_FACTOR))
    lines.append("verdicts: " + ", ".join("%d %s" % (v, k) for k, v in sorted(counts.items())))
    lines.append("EQUIVALENCE: %s" % ("%d FAILURE(S)" % failures if failures else "no migration changed results beyond tolerance"))
    return "\n".join(lines)


def self_test():
    log = ("# + ./x\nEpoch [1/5], Trainset - Loss: 2.3000, Accuracy: 0.1\nEpoch [2/5], Trainset - Loss: 1.1000, Accuracy: 0.5\n"
           "Testset - Loss: 1.2, Accuracy: 0.6\n\rTrain Epoch: 1 [   64/60000] Loss: 2.2900\rTrain Epoch: 1 [  704/60000] Loss: 1.5\n"
           "[ 1/30][ 10/938] D_loss: 0.5200 | G_loss: 0.7100\nloss:\n0.8300\n[ CPUFloatType{} ]\n"
           "epoch 50 train MSE 0.40 valid MSE nan\nstep 3, loss 1e-3\n# exit 0 after 1.0 s\n")
    s = parse(log)
    want = {"epoch trainset loss": [2.3, 1.1], "testset loss": [1.2], "train epoch loss": [2.29, 1.5],
            "d loss": [0.52], "d loss g loss": [0.71], "loss": [0.83], "epoch train mse": [0.4],
            "step loss": [0.001]}
    assert all(s.get(k) == v for k, v in want.items()), s
    assert math.isnan(s["epoch train mse valid mse"][0]), s
    assert judge_series("p", "loss", [2.0, 1.0], [2.0, 1.0])[:2] == (True, True)
    assert judge_series("p", "loss", [2.0, 1.0], [2.0, 1.2])[:2] == (True, False)
    assert not judge_series("p", "loss", [2.0, 1.0], [2.0, 1.3])[0]              # 30% off
    assert judge_series("p", "loss", [2.0, 0.01], [2.0, 0.09])[0]                # under the 5% floor
    assert not judge_series("p", "loss", [2.0, 1.0], [2.0, float("nan")])[0]
    assert not judge_series("p", "loss", [2.0, 1.0, 0.9], [2.0, 1.0])[0]          # stopped early
    assert not judge_series("p", "loss", [2.0, 1.0], [0.9, 1.0])[0]             # did not fall
    assert judge_series("p", "loss", [2.303, 2.301], [2.303, 2.303])[0]         # noise, not a fall
    assert judge_series("dcgan_mnist", "d loss", [1.0, 0.5], [1.0, 0.7])[0]      # adversarial: 50%
    assert judge_series("p", "loss", [2.0, 1.0], [2.0, 1.5], spread=0.3)[0]    # chaotic: twice its TF32 spread
    assert not judge_series("p", "loss", [2.0, 1.0], [2.0, 1.7], spread=0.3)[0]
    # a whole judgement: a chaotic program (its TF32 run moves its loss as far as the migration
    # does) passes; the same program whose rewrite alone moves it (migrated-fp32) fails
    with tempfile.TemporaryDirectory() as out:
        os.makedirs(os.path.join(out, "logs"))
        state = {"_machine": {"gpu": True}, "p": {"corpus": "c", "unchanged": False}}

        def log(variant, final_loss):  # the run's log: a first loss of 2.0, then final_loss
            with open(os.path.join(out, "logs", "p.%s.log" % variant), "w") as f:
                f.write("loss 2.0\nloss %s\n" % final_loss)

        def add_run(variant, final_loss):
            log(variant, final_loss)
            run = {"rc": 0, "timed_out": False, "seconds": 1, "log": "logs/p.%s.log" % variant}
            state["p"][variant] = {"build": {"ok": True}, "run": run} if variant in ("original", "migrated") else {"run": run}

        def remove_run(variant):
            os.remove(os.path.join(out, "logs", "p.%s.log" % variant))
            del state["p"][variant]

        def judged():
            with open(os.path.join(out, "runs.json"), "w") as f:
                json.dump(state, f)
            return judge(out)

        for variant, loss in {"original": 1.0, "migrated": 1.5, "original-tf32": 1.3, "migrated-fp32": 1.0}.items():
            add_run(variant, loss)
        rows, failures, _ = judged()
        assert failures == 0 and rows[0]["verdict"] == "PASS", rows
        assert any("rounding spread" in n for n in rows[0]["notes"]), rows
        log("migrated-fp32", 1.9)
        rows, failures, _ = judged()
        assert failures == 1 and any(n.startswith("migrated-fp32: loss") for n in rows[0]["notes"]), rows
        # a program whose second run lands as far off as the migration (nondeterministic GPU
        # kernels) passes on that spread alone, with no TF32 run
        log("migrated-fp32", 1.0)
        remove_run("original-tf32")
        rows, failures, _ = judged()
        assert failures == 1, rows
        add_run("original-repeat", 1.3)
        rows, failures, _ = judged()
        assert failures == 0 and rows[0]["verdict"] == "PASS", rows
        # ... and so does one whose result moves that far when cuDNN computes in full fp32
        remove_run("original-repeat")
        rows, failures, _ = judged()
        assert failures == 1, rows
        add_run("original-cudnn-fp32", 1.3)
        rows, failures, _ = judged()
        assert failures == 0 and rows[0]["verdict"] == "PASS", rows
        # an original whose own loss is not finite: not judged, not a failure
        log("original", "nan")
        rows, failures, _ = judged()
        assert failures == 0 and rows[0]["verdict"] == "ORIGINAL NOT FINITE", rows
        log("original", 1.0)
        # the migration with its CPU regions turned on (an opt-in) is reported beside the verdict
        add_run("migrated-cpu-bf16", 1.9)
        rows, failures, _ = judged()
        assert failures == 0 and rows[0]["verdict"] == "PASS", rows
        assert any(n.startswith("migrated-cpu-bf16 (opt-in, not in the verdict): would FAIL: loss")
                   for n in rows[0]["notes"]), rows
    print("compare.py self-test: ok")
    return 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    rows, failures, machine = judge(sys.argv[1])
    print(render(rows, failures, machine))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
