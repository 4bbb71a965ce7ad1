#!/usr/bin/env python3
"""Finds where bench/gpu/paired.py's first design (--cpp ctypes: the C++ example programs loaded
into the Python process through ctypes) crashes. Each stage runs in a child process under
faulthandler, so that one crash does not hide the next stage:

  python3 bench/gpu/ctypes_probe.py LIBS_DIR [NAME [STAGE ...]]   (NAME: mlp; all stages by default)

Stages:
  notorch      load lib<NAME>_fp16_lib.so and call it, torch never imported
  torch        import torch first (no CUDA yet), then load and call
  torch_cuda   import torch and initialise CUDA, then load and call
  after_py     run the Python twin (bench/gpu/models.py) first, then load and call
  py_after     load and call, then run the Python twin
For each stage: the exit status, the faulthandler trace, and the copies of LibTorch, c10, CUDA
runtime and libstdc++ mapped in the process after the load (two copies of one library is the
usual cause of such crashes).
"""
import ctypes
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
KEYS = ("libtorch", "libc10", "libcudart", "libcublas", "libstdc++", "libgomp", "libnvrtc", "libcudnn",
        "libampify")


def mapped():
    seen = set()
    for line in open("/proc/self/maps"):
        parts = line.split()
        if len(parts) >= 6 and any(k in parts[5] for k in KEYS):
            seen.add(os.path.realpath(parts[5]))
    return sorted(seen)


def call(libs, name, variant):
    path = os.path.join(libs, f"lib{name}_{variant}_lib.so")
    print("loading", path, flush=True)
    lib = ctypes.CDLL(path)
    print("loaded; mapped now:", *mapped(), sep="\n  ", flush=True)
    lib.ampify_example_main.argtypes = [ctypes.c_int, ctypes.POINTER(ctypes.c_char_p)]
    lib.ampify_example_main.restype = ctypes.c_int
    argv = [b"example", b"--steps", b"6", b"--warmup", b"2", b"--json", b"/tmp/ctypes_probe.json"]
    arr = (ctypes.c_char_p * len(argv))(*argv)
    print("calling ampify_example_main", flush=True)
    rc = lib.ampify_example_main(len(argv), arr)
    print("returned", rc, flush=True)


def python_twin(name):
    import argparse
    import importlib.util
    import torch
    spec = importlib.util.spec_from_file_location("models", os.path.join(HERE, "models.py"))
    models = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(models)
    args = argparse.Namespace(steps=6, warmup=2, json="/tmp/ctypes_probe_py.json")
    models.MODELS[name](args, models.Amp("fp16"), torch.device("cuda"))


def stage(which, libs, name):
    if which != "notorch":
        import torch
        print("torch", torch.__version__, "from", os.path.dirname(torch.__file__), flush=True)
        if which != "torch":
            torch.zeros(1, device="cuda")
    if which == "after_py":
        python_twin(name)
    call(libs, name, "fp16")
    if which == "py_after":
        python_twin(name)
    print("stage", which, "ok", flush=True)


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--stage":
        stage(sys.argv[2], sys.argv[3], sys.argv[4])
        return 0
    libs, name = sys.argv[1], (sys.argv[2] if len(sys.argv) > 2 else "mlp")
    stages = sys.argv[3:] or ["notorch", "torch", "torch_cuda", "after_py", "py_after"]
    lib = os.path.join(libs, f"lib{name}_fp16_lib.so")
    print("== ldd", lib, flush=True)
    subprocess.run(["ldd", lib])
    print("== readelf -d (NEEDED, RUNPATH)", flush=True)
    subprocess.run(f"readelf -d {lib} | grep -E 'NEEDED|RUNPATH|RPATH'", shell=True)
    for which in stages:
        print(f"\n== stage {which}", flush=True)
        try:
            r = subprocess.run([sys.executable, "-X", "faulthandler", __file__, "--stage", which, libs, name],
                               timeout=40)
            print(f"== stage {which}: exit {r.returncode}", flush=True)
        except subprocess.TimeoutExpired:
            print(f"== stage {which}: timed out", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
