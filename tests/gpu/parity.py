"""Parity of ampify::GradScaler with torch.amp.GradScaler (fp16 autocast on CUDA).

  python3 parity.py gen DIR    # writes initial weights, data and the Python run's results
  (C++)  ampify_gpu_checks parity DIR
  python3 parity.py check DIR  # compares; exits 1 on mismatch
Files are raw little-endian arrays (numpy .tofile), so both sides read them exactly.
"""
import os
import sys

import numpy as np
import torch

STEPS, BATCH, DIN, HID, DOUT = 60, 256, 64, 256, 10
INF_STEPS = {5, 6, 17, 40}  # an inf is planted in a gradient after backward on these steps
LR, MOMENTUM = 0.05, 0.9
INIT_SCALE, GROWTH_INTERVAL = 2.0 ** 16, 4


def model():
    return torch.nn.Sequential(
        torch.nn.Linear(DIN, HID), torch.nn.ReLU(),
        torch.nn.Linear(HID, HID), torch.nn.ReLU(),
        torch.nn.Linear(HID, DOUT)).cuda()


def gen(d):
    os.makedirs(d, exist_ok=True)
    torch.manual_seed(0)
    m = model()
    with torch.no_grad():  # larger weights so the growing scale overflows fp16 by itself too
        for p in m.parameters():
            p.mul_(4.0)
    params = [p.detach().cpu().float().numpy() for p in m.parameters()]
    np.concatenate([p.ravel() for p in params]).astype('<f4').tofile(f"{d}/init.bin")
    x = torch.randn(STEPS, BATCH, DIN) * 3
    y = torch.randint(0, DOUT, (STEPS, BATCH))
    x.numpy().astype('<f4').tofile(f"{d}/x.bin")
    y.numpy().astype('<i8').tofile(f"{d}/y.bin")

    opt = torch.optim.SGD(m.parameters(), lr=LR, momentum=MOMENTUM)
    scaler = torch.amp.GradScaler("cuda", init_scale=INIT_SCALE, growth_interval=GROWTH_INTERVAL)
    xs, ys = x.cuda(), y.cuda()
    scales, stepped = [], []
    for i in range(STEPS):
        opt.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16):
            loss = torch.nn.functional.cross_entropy(m(xs[i]), ys[i])
        scaler.scale(loss).backward()
        if i in INF_STEPS:
            with torch.no_grad():
                m[2].weight.grad[3, 7] = float("inf")
        before = [p.detach().clone() for p in m.parameters()]
        scaler.step(opt)
        changed = any(not torch.equal(b, p) for b, p in zip(before, m.parameters()))
        scaler.update()
        scales.append(scaler.get_scale())
        stepped.append(1 if changed else 0)
    np.array(scales, dtype='<f8').tofile(f"{d}/py_scales.bin")
    np.array(stepped, dtype='<i8').tofile(f"{d}/py_stepped.bin")
    np.concatenate([p.detach().cpu().numpy().ravel() for p in m.parameters()]).astype('<f4').tofile(f"{d}/py_params.bin")
    print(f"python: {STEPS} steps, skipped {STEPS - sum(stepped)} ({[i for i, s in enumerate(stepped) if not s]}), "
          f"final scale {scales[-1]}")


def check(d):
    ps = np.fromfile(f"{d}/py_scales.bin", '<f8'); cs = np.fromfile(f"{d}/cpp_scales.bin", '<f8')
    pt = np.fromfile(f"{d}/py_stepped.bin", '<i8'); ct = np.fromfile(f"{d}/cpp_stepped.bin", '<i8')
    pp = np.fromfile(f"{d}/py_params.bin", '<f4'); cp = np.fromfile(f"{d}/cpp_params.bin", '<f4')
    ok = True
    if not np.array_equal(ps, cs):
        ok = False
        print("scale sequences differ:\n py", ps.tolist(), "\n cpp", cs.tolist())
    if not np.array_equal(pt, ct):
        ok = False
        print("skipped steps differ:\n py", np.where(pt == 0)[0].tolist(), "\n cpp", np.where(ct == 0)[0].tolist())
    rel = np.abs(pp.astype(np.float64) - cp) / np.maximum(np.abs(pp.astype(np.float64)), 1e-12)
    scale_rel = np.abs(pp.astype(np.float64) - cp).max() / np.abs(pp).max()
    print(f"parity: scales equal={np.array_equal(ps, cs)} skipped equal={np.array_equal(pt, ct)} "
          f"skipped steps={np.where(ct == 0)[0].tolist()} scale seq(first 12)={cs[:12].tolist()}")
    print(f"parity: params max abs diff={np.abs(pp - cp).max():.3e}, max diff/max|p|={scale_rel:.3e}, "
          f"elementwise rel: max={rel.max():.3e} median={np.median(rel):.3e}, bit-identical={np.array_equal(pp, cp)}")
    if scale_rel > 1e-6:
        ok = False
        print("parameters differ by more than 1e-6 relative")
    print("PARITY", "PASS" if ok else "FAIL")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    {"gen": gen, "check": check}[sys.argv[1]](sys.argv[2])
