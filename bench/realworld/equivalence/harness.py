#!/usr/bin/env python3
"""Builds and runs the original and the `ampify fix`-migrated copy of every corpus project that
prepare.sh laid out (RUNS/<corpus>/<project>/{original,migrated}); run.sh calls it.

  harness.py build --runs RUNS --build B --out OUT [--jobs N] [--ninja-jobs J] [--cmake-arg A]... [PROJECT...]
  harness.py run   --runs RUNS --build B --out OUT [--jobs N] [--timeout S] [PROJECT...]

build: one CMake+Ninja tree per project and variant (B/build/<project>/<variant>/b), through
wrapper/CMakeLists.txt, which adds the project's own CMakeLists.txt and links the installed ampify
runtime. The sources are reached through a symlink at the same depth for both variants
(B/build/<project>/<variant>/src), so that with ccache (CCACHE_BASEDIR=B) the translation units
ampify did not touch compile once. Results in B/build.json, logs in B/buildlogs/ (a later `run`,
possibly in another call with another OUT, copies both into OUT: OUT/build/<project>.<variant>.log).

run: each program in its own working directory (B/runs/<project>/<variant>/cwd) where the data it
reads sits at the path its source names (PROJECTS below), with the arguments below; stdout and
stderr go to OUT/logs/<project>.<variant>.log. OUT/runs.json records exit codes, times, skips.
A project that ampify changed also gets the reference runs of REFERENCE_RUNS (the migration with
the runtime off; on a GPU, the original with TF32 matrix products, with cuDNN in full fp32, and
the original once more),
which compare.py reads.

Projects whose cost is fixed in their source beyond what a shared 2-core CPU can run (epochs and
data-set sizes the program hard-codes, which the harness may not edit) are skipped when no GPU is
visible, with the reason (CPU_SKIP), and not built either; EQUIV_RUN_ALL=1 builds and runs them.
"""
import argparse
import concurrent.futures
import json
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))

# project -> arguments, and {path relative to the working directory: data set under B/data}.
PROJECTS = {
    # dev corpus: every program makes its own random data (torch::randn / rand / randint)
    "basics_demo": {}, "cpu_only": {}, "gan_sequential": {}, "model_in_own_file": {},
    "no_zero_grad": {}, "shared_model": {}, "vae_sigmoid_elsewhere": {},
    # held-out corpus
    "ffnn_mnist": {"data": {"../data/mnist": "mnist"}},
    "birnn_mnist": {"data": {"../data/mnist": "mnist"}},
    "vae_mnist": {"data": {"../data/mnist": "mnist"}, "dirs": ["output"]},
    "mnist_net": {"data": {"data": "mnist"}, "args": ["1"]},  # argv[1]: epochs (default 10)
    "dcgan_mnist": {"data": {"data": "mnist"}},
    "resnet_cifar100": {"data": {"../data/cifar-100-binary": "cifar-100-binary"}},
    "char_rnn": {"data": {"data/input.txt": "text/input.txt"}},
    "tabular_regression_cpu": {"data": {"housing.csv": "tabular/housing.csv"}},
    "textcnn_trec": {"data": {"../TREC": "trec"}},
    "transformer_textcls": {"data": {"data/ag_news": "ag_news"}},
}

CPU_SKIP = {
    "resnet_cifar100": "hard-codes 20 epochs of 50,000 CIFAR records (kTrainSize): 1M ResNet image passes",
    "char_rnn": "hard-codes 20 x 500 steps of a 2-layer GRU (batch 32 x 100 chars) and 1,000 more",
    "dcgan_mnist": "hard-codes 30 epochs of MNIST's 60,000 images (LibTorch's reader fixes the count)",
    "vae_mnist": "hard-codes 15 epochs of MNIST's 60,000 images",
    "birnn_mnist": "hard-codes 2 epochs of MNIST's 60,000 images through a 2-layer bidirectional LSTM",
}

# Reference runs of a built variant with one environment variable set, for compare.py:
#   migrated-fp32  the migration with the ampify runtime off (AMPIFY_DISABLE=1: Autocast and
#                  GradScaler do nothing), so what remains is the rewrite itself;
#   original-tf32  the original with its fp32 matrix products rounded to TF32 (10 bits of
#                  mantissa, as fp16's), LibTorch's TORCH_ALLOW_TF32_CUBLAS_OVERRIDE: how far the
#                  program's own result moves when only rounding changes. GPU only (cuBLAS).
#   original-cudnn-fp32 the original with cuDNN's convolutions and RNNs in full fp32
#                  (EQUIV_CUDNN_TF32=0, datagen/seed.cpp; LibTorch runs them in TF32 by default):
#                  the same question for programs whose products are cuDNN's, which
#                  original-tf32 does not reach (a conv + GRU policy's are all cuDNN's or
#                  one-row gemv). GPU only.
#   original-repeat the original once more, unchanged: how far its result moves from one run to
#                  the next, where its GPU kernels sum in an order that varies (cuDNN's
#                  convolution backward, atomics). GPU only: on the CPU the runs are identical.
#   migrated-cpu-bf16 the migration with its CPU regions on (AMPIFY_CPU_AUTOCAST=1): `ampify fix`
#                  writes a region that may run on the CPU with AutocastOptions::cpu_on_request,
#                  off there unless the user asks, so the migrated run computes in fp32 on the CPU
#                  and this run shows what asking does. Made for migrations that wrote such a
#                  region; reported, not part of the verdict (OPT_IN_REFERENCES).
REFERENCE_RUNS = {
    "migrated-fp32": ("migrated", {"AMPIFY_DISABLE": "1"}),
    "original-tf32": ("original", {"TORCH_ALLOW_TF32_CUBLAS_OVERRIDE": "1"}),
    "original-cudnn-fp32": ("original", {"EQUIV_CUDNN_TF32": "0"}),
    "original-repeat": ("original", {}),
    "migrated-cpu-bf16": ("migrated", {"AMPIFY_CPU_AUTOCAST": "1"}),
}
GPU_ONLY_REFERENCES = ("original-tf32", "original-cudnn-fp32", "original-repeat")
# The reference runs of the original whose distance from it is the program's own spread (compare.py).
SPREAD_REFERENCES = GPU_ONLY_REFERENCES
# The reference runs judged as migrations of their own (compare.py): each must not change results.
JUDGED_REFERENCES = ("migrated-fp32",)
# The reference runs of what a user may opt into: judged the same way, reported beside the verdict.
OPT_IN_REFERENCES = ("migrated-cpu-bf16",)


def cpu_computes_bf16_natively():
    """Linux's CPU flags for the hardware bf16 that ampify::autocast_speeds_up looks for."""
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith(("flags", "Features")):
                flags = set(line.split(":", 1)[1].split())
                return bool({"avx512_bf16", "avx512f"} <= flags or {"amx_bf16", "amx_tile"} <= flags or "bf16" in flags)
    except OSError:
        pass
    return False


def writes_cpu_gated_region(project_dir):
    """Whether a migration wrote a region that is on on the CPU only when the user asks for it."""
    for root, _, files in os.walk(project_dir):
        for f in files:
            if f.endswith((".cpp", ".cc", ".cxx", ".h", ".hpp", ".cu")):
                with open(os.path.join(root, f), errors="replace") as text:
                    if "cpu_on_request(true)" in text.read():
                        return True
    return False


def gpu_visible():
    if os.environ.get("CUDA_VISIBLE_DEVICES", None) == "":
        return False
    try:
        return subprocess.run(["nvidia-smi", "-L"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              timeout=60).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def projects(runs, wanted):
    found = {}
    for corpus in sorted(os.listdir(runs)):
        path = os.path.join(runs, corpus)
        if not os.path.isdir(path) or corpus == "data":
            continue
        for name in sorted(os.listdir(path)):
            if os.path.isdir(os.path.join(path, name, "original")):
                found[name] = (corpus, os.path.join(path, name))
    if wanted:
        missing = [w for w in wanted if w not in found]
        if missing:
            sys.exit("not prepared: %s" % " ".join(missing))
        found = {k: v for k, v in found.items() if k in wanted}
    return found


def build_one(args, name, project_dir, variant):
    top = os.path.join(args.build, "build", name, variant)
    os.makedirs(top, exist_ok=True)
    src = os.path.join(top, "src")
    target = os.path.join(project_dir, variant)
    if os.path.islink(src) and os.readlink(src) != target:
        os.unlink(src)
    if not os.path.lexists(src):
        os.symlink(target, src)
    bdir = os.path.join(top, "b")
    log_path = os.path.join(args.build, "buildlogs", "%s.%s.log" % (name, variant))
    start = time.time()
    with open(log_path, "w") as log:
        cmd = ["cmake", "-S", os.path.join(HERE, "wrapper"), "-B", bdir, "-G", "Ninja",
               "-DEQUIV_PROJECT=" + src] + args.cmake_arg
        log.write("+ %s\n" % " ".join(cmd))
        log.flush()
        ok = subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT).returncode == 0
        if ok:
            cmd = ["cmake", "--build", bdir, "-j", str(args.ninja_jobs)]
            log.write("+ %s\n" % " ".join(cmd))
            log.flush()
            ok = subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT).returncode == 0
    exes = sorted(os.listdir(os.path.join(bdir, "bin"))) if ok and os.path.isdir(os.path.join(bdir, "bin")) else []
    if ok and len(exes) != 1:
        ok = False
        with open(log_path, "a") as log:
            log.write("expected one executable in %s/bin, found %s\n" % (bdir, exes))
    seconds = time.time() - start
    print("  build %-24s %-8s %s (%.0f s)" % (name, variant, "ok" if ok else "FAILED: " + log_path, seconds), flush=True)
    return {"ok": ok, "seconds": round(seconds, 1), "exe": os.path.join(bdir, "bin", exes[0]) if ok else None,
            "log": "build/%s.%s.log" % (name, variant)}


def run_one(args, name, variant, exe):
    # `project@change`: the project with one change, for an ablation; it runs as the project does.
    spec = PROJECTS.get(name.split("@")[0], {})
    top = os.path.join(args.build, "runs", name, variant)
    shutil.rmtree(top, ignore_errors=True)
    cwd = os.path.join(top, "cwd")
    os.makedirs(cwd)
    for d in spec.get("dirs", []):
        os.makedirs(os.path.join(cwd, d), exist_ok=True)
    for rel, data in spec.get("data", {}).items():
        link = os.path.normpath(os.path.join(cwd, rel))
        os.makedirs(os.path.dirname(link), exist_ok=True)
        os.symlink(os.path.abspath(os.path.join(args.build, "data", data)), link)
    cmd = [exe] + spec.get("args", [])
    env = dict(args.env, **REFERENCE_RUNS.get(variant, (None, {}))[1])
    log_path = os.path.join(args.out, "logs", "%s.%s.log" % (name, variant))
    start = time.time()
    timed_out = False
    with open(log_path, "w") as log:
        log.write("# cwd %s\n# + %s\n" % (cwd, " ".join(cmd)))
        log.flush()
        proc = subprocess.Popen(cmd, cwd=cwd, stdout=log, stderr=subprocess.STDOUT, env=env)
        try:
            rc = proc.wait(timeout=args.timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            rc = proc.wait()
            timed_out = True
    seconds = time.time() - start
    with open(log_path, "a") as log:
        log.write("\n# exit %d after %.1f s%s\n" % (rc, seconds, " (timed out)" if timed_out else ""))
    print("  run   %-24s %-13s exit %d%s (%.1f s)" % (name, variant, rc, " TIMED OUT" if timed_out else "", seconds),
          flush=True)
    return {"rc": rc, "seconds": round(seconds, 1), "timed_out": timed_out,
            "log": os.path.relpath(log_path, args.out)}


def load_state(out):
    path = os.path.join(out, "runs.json")
    return json.load(open(path)) if os.path.exists(path) else {}


def save_state(out, state):
    with open(os.path.join(out, "runs.json"), "w") as f:
        json.dump(state, f, indent=1, sort_keys=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("step", choices=["build", "run"])
    ap.add_argument("--runs", required=True)
    ap.add_argument("--build", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--ninja-jobs", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=900)
    ap.add_argument("--cmake-arg", action="append", default=[])
    ap.add_argument("projects", nargs="*")
    args = ap.parse_intermixed_args()
    args.build = os.path.abspath(args.build)
    args.out = os.path.abspath(args.out)
    found = projects(args.runs, args.projects)
    # every original first: with ccache, the migrated build then finds the TUs ampify left alone
    jobs = [(name, variant) for variant in ("original", "migrated") for name in found]
    built_path = os.path.join(args.build, "build.json")
    built = json.load(open(built_path)) if os.path.exists(built_path) else {}

    gpu = gpu_visible()
    run_all = os.environ.get("EQUIV_RUN_ALL") == "1"
    if args.step == "build":
        if not gpu and not run_all:
            jobs = [(n, v) for n, v in jobs if n not in CPU_SKIP]
        os.makedirs(os.path.join(args.build, "buildlogs"), exist_ok=True)
        with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
            futures = {pool.submit(build_one, args, name, found[name][1], variant): (name, variant)
                       for name, variant in jobs}
            for f in concurrent.futures.as_completed(futures):
                name, variant = futures[f]
                built.setdefault(name, {})[variant] = f.result()
        with open(built_path, "w") as f:
            json.dump(built, f, indent=1, sort_keys=True)
        return 0 if all(built[n][v]["ok"] for n, v in jobs) else 1

    state = load_state(args.out)
    os.makedirs(os.path.join(args.out, "logs"), exist_ok=True)
    os.makedirs(os.path.join(args.out, "build"), exist_ok=True)
    for name, (corpus, project_dir) in found.items():
        state[name] = {"corpus": corpus, "unchanged": not subprocess.run(
            ["diff", "-rq", os.path.join(project_dir, "original"), os.path.join(project_dir, "migrated")],
            stdout=subprocess.DEVNULL).returncode}
        for variant in ("original", "migrated"):
            state[name][variant] = {}
            if variant in built.get(name, {}):
                state[name][variant]["build"] = built[name][variant]
                log = os.path.join(args.build, "buildlogs", "%s.%s.log" % (name, variant))
                if os.path.exists(log):
                    shutil.copy(log, os.path.join(args.out, "build"))
    gpu = gpu_visible()
    native_bf16 = cpu_computes_bf16_natively()
    run_all = os.environ.get("EQUIV_RUN_ALL") == "1"
    todo = []
    for name, variant in jobs:
        entry = state[name].setdefault(variant, {})
        entry.pop("run", None)
        state[name].pop("skipped", None)
        if not gpu and not run_all and name in CPU_SKIP:
            state[name]["skipped"] = "not run without a GPU: " + CPU_SKIP[name]
            continue
        built = entry.get("build")
        if not built or not built.get("ok"):
            continue
        todo.append((name, variant, built["exe"]))
        for reference, (of, _) in REFERENCE_RUNS.items():
            if of != variant or state[name]["unchanged"] or (reference in GPU_ONLY_REFERENCES and not gpu):
                continue
            if reference == "migrated-cpu-bf16" and not writes_cpu_gated_region(os.path.join(found[name][1], "migrated")):
                continue
            state[name].setdefault(reference, {}).pop("run", None)
            todo.append((name, reference, built["exe"]))
    state["_machine"] = {"gpu": gpu, "cpu_bf16": native_bf16}
    # Programs run side by side share the cores: each gets its share of OpenMP threads unless the
    # caller chose (the same for both variants, so it changes nothing in the comparison).
    args.env = dict(os.environ)
    if "OMP_NUM_THREADS" not in args.env and args.jobs > 1:
        args.env["OMP_NUM_THREADS"] = str(max(1, (os.cpu_count() or 1) // args.jobs))
    # Longest first (the GPU-only programs), so that parallel runs finish together.
    todo.sort(key=lambda t: (t[0] not in CPU_SKIP, t[0]))
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        futures = {pool.submit(run_one, args, name, variant, exe): (name, variant) for name, variant, exe in todo}
        for f in concurrent.futures.as_completed(futures):
            name, variant = futures[f]
            state[name][variant]["run"] = f.result()
    # another call may have recorded other projects in the meantime: keep theirs, replace ours
    merged = load_state(args.out)
    merged.update({name: state[name] for name in found})
    merged["_machine"] = state["_machine"]
    save_state(args.out, merged)
    return 0


if __name__ == "__main__":
    sys.exit(main())
