"""Python side of the ampify runtime benchmark (same model, batch and protocol as bench.cpp).
  python3 bench.py run PY_RESULTS.txt                      -> runs the Python modes, writes ms/step
  python3 bench.py report PY_RESULTS.txt CPP1.txt [CPP2.txt] -> prints the C++/Python ratios
(with two C++ result files, e.g. one run before and one after the Python run, their mean is used)."""
import statistics
import sys
import time

import torch

BATCH, D, H, CLASSES, BLOCKS = 8192, 2048, 8192, 1000, 3
WARMUP, ROUNDS, STEPS = 10, 5, 20


def make_model():
    layers = []
    for _ in range(BLOCKS):
        layers += [torch.nn.Linear(D, H), torch.nn.GELU(), torch.nn.Linear(H, D), torch.nn.LayerNorm(D)]
    layers.append(torch.nn.Linear(D, CLASSES))
    return torch.nn.Sequential(*layers).cuda()


def run(out):
    torch.manual_seed(0)
    model = make_model()
    x = torch.randn(BATCH, D, device="cuda")
    y = torch.randint(0, CLASSES, (BATCH,), device="cuda")
    res = {}
    modes = {  # name: (scaler?, AdamW kwargs)
        "noscale": (False, {}),
        "noscale_const": (False, {}),
        "scaler": (True, {}),                       # default: foreach implementation
        "scaler_forloop": (True, {"foreach": False}),  # per-parameter loop, like LibTorch's AdamW
        "fused": (True, {"fused": True}),
        "fused_noscale": (False, {"fused": True}),
        "fused_noscale_const": (False, {"fused": True}),
    }
    for mode, (use_scaler, kw) in modes.items():
        opt = torch.optim.AdamW(model.parameters(), lr=1e-5, **kw)
        scaler = torch.amp.GradScaler("cuda")

        def step():
            opt.zero_grad()
            with torch.autocast("cuda", dtype=torch.float16):
                loss = torch.nn.functional.cross_entropy(model(x), y)
            if use_scaler:
                scaler.scale(loss).backward()
                scaler.step(opt)
                scaler.update()
            else:
                (loss * 65536.0 if mode.endswith("_const") else loss).backward()
                opt.step()

        for _ in range(WARMUP):
            step()
        torch.cuda.synchronize()
        ms = []
        for _ in range(ROUNDS):
            t0 = time.perf_counter()
            for _ in range(STEPS):
                step()
            torch.cuda.synchronize()
            ms.append((time.perf_counter() - t0) * 1e3 / STEPS)
        res[mode] = statistics.median(ms)
        print(f"py  {mode:<19} {res[mode]:.3f} ms/step (rounds: min {min(ms):.3f} max {max(ms):.3f}; "
              f"final scale {scaler.get_scale() if use_scaler else 1.0:.0f})", flush=True)
    with open(out, "w") as f:
        for k, v in res.items():
            f.write(f"{k} {v}\n")


def read(path):
    with open(path) as f:
        return {k: float(v) for k, v in (line.split() for line in f)}


def report(py_path, cpp_paths):
    res = read(py_path)
    runs = {}
    for path in cpp_paths:
        with open(path) as f:
            for line in f:
                k, v = line.split()
                runs.setdefault(k, []).append(float(v))
    cpp = {k: sum(v) / len(v) for k, v in runs.items()}
    for k, v in runs.items():
        print(f"cpp {k:<14} mean {cpp[k]:.3f} ms/step over runs {['%.3f' % t for t in v]}")
    print("RATIOS")
    print(f"  C++/Python, scaler + AdamW (Python foreach):   {cpp['scaler'] / res['scaler']:.3f}  (target <= 1.00)")
    print(f"  C++/Python, scaler + AdamW (Python for-loop):  {cpp['scaler'] / res['scaler_forloop']:.3f}")
    print(f"  C++/Python, no scaler:                         {cpp['noscale'] / res['noscale']:.3f}")
    print(f"  C++ fused (sync-free) / Python fused AdamW:    {cpp['fused'] / res['fused']:.3f}  (target <= 1.00)")
    print(f"  C++/Python, fused AdamW without scaler:        {cpp['fused_noscale'] / res['fused_noscale']:.3f}")
    print(f"  C++ scaler overhead, plain AdamW (one sync):   {100 * (cpp['scaler'] / cpp['noscale'] - 1):+.2f}%  (target <= 3%)")
    print(f"  C++ scaler overhead, fused AdamW (sync-free):  {100 * (cpp['fused'] / cpp['fused_noscale'] - 1):+.2f}%  (target <= 3%)")
    print(f"  Python scaler overhead, fused AdamW:           {100 * (res['fused'] / res['fused_noscale'] - 1):+.2f}%")
    print(f"  Python scaler overhead, plain AdamW:           {100 * (res['scaler'] / res['noscale'] - 1):+.2f}%")
    print(f"  C++ scaler overhead vs constant-scaled loss, plain AdamW: {100 * (cpp['scaler'] / cpp['noscale_const'] - 1):+.2f}%")
    print(f"  C++ scaler overhead vs constant-scaled loss, fused AdamW: {100 * (cpp['fused'] / cpp['fused_noscale_const'] - 1):+.2f}%")
    print(f"  Python scaler overhead vs constant-scaled loss, plain:    {100 * (res['scaler'] / res['noscale_const'] - 1):+.2f}%")
    print(f"  Python scaler overhead vs constant-scaled loss, fused:    {100 * (res['fused'] / res['fused_noscale_const'] - 1):+.2f}%")
    print(f"  C++ sync-free fused / plain scaler step:       {cpp['fused'] / cpp['scaler']:.3f}  (target < 1)")


if __name__ == "__main__":
    if sys.argv[1] == "run":
        run(sys.argv[2])
    else:
        report(sys.argv[2], sys.argv[3:])
