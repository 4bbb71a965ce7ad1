"""PyTorch twin of bench.cpp, run by run.sh only when the C++ build fails on the GPU machine:
same cases, CUDA events, warm-up, median of interleaved samples, random fp16 data."""
import torch
import torch.nn.functional as F

WARM_UP, SAMPLES = 10, 21
H = dict(dtype=torch.half, device="cuda")


def elapsed_ms(op, reps):
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(reps):
        op()
    stop.record()
    stop.synchronize()
    return start.elapsed_time(stop) / reps


def compare(flagged, padded):
    for _ in range(WARM_UP):
        flagged(); padded()
    torch.cuda.synchronize()
    reps = max(1, min(200, int(2.0 / max(elapsed_ms(flagged, 3), 1e-3))))
    a, b = [], []
    for _ in range(SAMPLES):
        a.append(elapsed_ms(flagged, reps)); b.append(elapsed_ms(padded, reps))
    return sorted(a)[SAMPLES // 2], sorted(b)[SAMPLES // 2]


def row(what, fs, ps, t, ff=0, pf=0):
    tf = " %4.0f / %4.0f |" % (ff / t[0] / 1e9, pf / t[1] / 1e9) if ff else "     -     |"
    print("| %-34s | %-22s | %8.3f | %-22s | %8.3f | %5.2fx |%s" % (what, fs, t[0], ps, t[1], t[0] / t[1], tf), flush=True)


def linear(what, m, k, n, m2, k2, n2):
    x1, w1, x2, w2 = torch.randn(m, k, **H), torch.randn(n, k, **H), torch.randn(m2, k2, **H), torch.randn(n2, k2, **H)
    t = compare(lambda: F.linear(x1, w1), lambda: F.linear(x2, w2))
    row(what, "M%d K%d N%d" % (m, k, n), "M%d K%d N%d" % (m2, k2, n2), t, 2.0 * m * k * n, 2.0 * m2 * k2 * n2)


def linear_training(what, m, k, n, k2, n2):
    def make(k, n):
        x = torch.randn(m, k, **H).requires_grad_(); w = torch.randn(n, k, **H).requires_grad_(); g = torch.randn(m, n, **H)
        return lambda: F.linear(x, w).backward(g)
    t = compare(make(k, n), make(k2, n2))
    row(what, "M%d K%d N%d" % (m, k, n), "M%d K%d N%d" % (m, k2, n2), t, 6.0 * m * k * n, 6.0 * m * k2 * n2)


def conv(what, cin, cout, cin2, cout2, hw, kernel, stride):
    def make(ci, co):
        x = torch.randn(64, ci, hw, hw, **H).contiguous(memory_format=torch.channels_last)
        w = torch.randn(co, ci, kernel, kernel, **H).contiguous(memory_format=torch.channels_last)
        return lambda: F.conv2d(x, w, None, stride, kernel // 2)
    t = compare(make(cin, cout), make(cin2, cout2))
    row(what, "%d->%d %dx%d @%d" % (cin, cout, kernel, kernel, hw), "%d->%d %dx%d @%d" % (cin2, cout2, kernel, kernel, hw), t)


def attention(what, d, d2):
    def make(d):
        q, k, v = (torch.randn(8, 16, 2048, d, **H) for _ in range(3))
        return lambda: F.scaled_dot_product_attention(q, k, v)
    row(what, "head dim %d" % d, "head dim %d" % d2, compare(make(d), make(d2)))


if __name__ == "__main__":
    torch.manual_seed(0)
    print("# %s, fp16, PyTorch (fallback); ms per call (median of %d samples after %d warm-ups)"
          % (torch.cuda.get_device_name(0), SAMPLES, WARM_UP))
    print("| case | flagged | ms | padded | ms | ratio | TFLOP/s flagged / padded |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    with torch.no_grad():
        linear("Linear out_features 4095 vs 4096", 8192, 4096, 4095, 8192, 4096, 4096)
        linear("Linear in_features 4095 vs 4096", 8192, 4095, 4096, 8192, 4096, 4096)
        linear("vocab projection 50257 vs 50264", 8192, 768, 50257, 8192, 768, 50264)
        linear("batch (M) 8191 vs 8192", 8191, 4096, 4096, 8192, 4096, 4096)
        linear("Linear 1004 vs 1000 (x4 only)", 8192, 1004, 1004, 8192, 1000, 1000)
        linear("small N 100 vs 104", 8192, 4096, 100, 8192, 4096, 104)
        linear("small N 50 vs 56", 8192, 4096, 50, 8192, 4096, 56)
        linear("small N 10 vs 16", 8192, 4096, 10, 8192, 4096, 16)
        linear("small K 50 vs 56", 8192, 50, 4096, 8192, 56, 4096)
        linear("small K 10 vs 16", 8192, 10, 4096, 8192, 16, 4096)
        conv("conv out_channels 100 vs 104", 64, 100, 64, 104, 56, 3, 1)
        conv("conv in_channels 100 vs 104", 100, 128, 104, 128, 56, 3, 1)
        conv("stem conv in_channels 3 vs 8", 3, 64, 8, 64, 224, 7, 2)
        attention("attention head dim 60 vs 64", 60, 64)
        attention("attention head dim 100 vs 104", 100, 104)
    linear_training("fwd+bwd Linear 4095 vs 4096", 8192, 4096, 4095, 4096, 4096)
    linear_training("fwd+bwd vocab 50257 vs 50264", 8192, 768, 50257, 768, 50264)
