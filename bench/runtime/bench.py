"""Python side of the ampify runtime benchmark (same model, batch and protocol as bench.cpp).
  python3 bench.py CPP_RESULTS.txt   -> prints Python ms/step and the C++/Python ratios."""
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


def main():
    torch.manual_seed(0)
    model = make_model()
    x = torch.randn(BATCH, D, device="cuda")
    y = torch.randint(0, CLASSES, (BATCH,), device="cuda")
    res = {}
    modes = {  # name: (scaler?, AdamW kwargs)
        "noscale": (False, {}),
        "scaler": (True, {}),                       # default: foreach implementation
        "scaler_forloop": (True, {"foreach": False}),  # per-parameter loop, like LibTorch's AdamW
        "fused": (True, {"fused": True}),
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
                loss.backward()
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
        print(f"py  {mode:<14} {res[mode]:.3f} ms/step (rounds: min {min(ms):.3f} max {max(ms):.3f})")
    cpp = {}
    with open(sys.argv[1]) as f:
        for line in f:
            k, v = line.split()
            cpp[k] = float(v)
    print("RATIOS")
    print(f"  C++/Python, scaler + AdamW (Python foreach):   {cpp['scaler'] / res['scaler']:.3f}  (target <= 1.00)")
    print(f"  C++/Python, scaler + AdamW (Python for-loop):  {cpp['scaler'] / res['scaler_forloop']:.3f}")
    print(f"  C++/Python, no scaler:                         {cpp['noscale'] / res['noscale']:.3f}")
    print(f"  C++ fused (sync-free) / Python fused AdamW:    {cpp['fused'] / res['fused']:.3f}  (target <= 1.00)")
    print(f"  C++ scaler overhead vs unscaled step:          {100 * (cpp['scaler'] / cpp['noscale'] - 1):+.2f}%  (target <= 3%)")
    print(f"  Python scaler overhead vs unscaled step:       {100 * (res['scaler'] / res['noscale'] - 1):+.2f}%")
    print(f"  C++ sync-free fused / plain scaler step:       {cpp['fused'] / cpp['scaler']:.3f}  (target < 1)")


if __name__ == "__main__":
    main()
