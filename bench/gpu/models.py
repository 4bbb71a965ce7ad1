#!/usr/bin/env python3
"""The example training programs of examples/*.cpp, written again in Python with torch.amp:
the anchor that migrated C++ is measured against. Same models, sizes, optimizers, synthetic data
recipes, warm-up and timing as examples/example_report.h; the JSON report has the same fields.

  python3 models.py NAME --mode fp32|fp16|bf16 --steps N --warmup W --json OUT
"""
import argparse
import json
import math
import time

import torch
import torch.nn as nn
import torch.nn.functional as F


class Report:
    def __init__(self, args):
        self.args, self.losses, self.start = args, [], None

    def step(self, loss):
        self.losses.append(loss.detach().float().reshape(1))
        if len(self.losses) == self.args.warmup:
            torch.cuda.synchronize()
            torch.cuda.reset_peak_memory_stats()
            self.start = time.perf_counter()

    def write(self):
        torch.cuda.synchronize()
        timed = len(self.losses) - self.args.warmup
        ms = (time.perf_counter() - self.start) * 1000 / timed if timed > 0 else 0
        peak = torch.cuda.max_memory_allocated() / 2**20
        losses = [v if math.isfinite(v) else None for v in torch.cat(self.losses).cpu().tolist()]
        with open(self.args.json, "w") as f:
            json.dump({"step_ms": ms, "peak_mib": peak, "losses": losses}, f)
        print(f"{self.args.json}: {ms:.3f} ms/step, peak {peak:.1f} MiB, final loss {losses[-1]}")


class Amp:
    """autocast + GradScaler for fp16, autocast alone for bf16, nothing for fp32. fp16_fused_cl is
    fp16 as a performance-minded user writes it: fused=True optimizers and, for conv nets, the
    model and its input in channels_last."""

    def __init__(self, mode):
        self.mode = mode
        self.tuned = mode == "fp16_fused_cl"
        self.scaler = torch.amp.GradScaler("cuda", enabled=mode in ("fp16", "fp16_fused_cl"))

    def autocast(self):
        dtype = torch.bfloat16 if self.mode == "bf16" else torch.float16
        return torch.autocast("cuda", dtype=dtype, enabled=self.mode != "fp32")

    def opt_kwargs(self):
        return {"fused": True} if self.tuned else {}

    def conv_model(self, model):
        return model.to(memory_format=torch.channels_last) if self.tuned else model

    def conv_input(self, x):
        return x.contiguous(memory_format=torch.channels_last) if self.tuned else x

    def backward(self, loss):
        self.scaler.scale(loss).backward()

    def step(self, opt):
        self.scaler.step(opt)


def mlp(args, amp, dev):
    batch, d_in, hidden, classes = 4096, 1024, 4096, 512
    centers = torch.randn(classes, d_in, device=dev)
    model = nn.Sequential(nn.Linear(d_in, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU(),
                          nn.Linear(hidden, hidden), nn.ReLU(), nn.Linear(hidden, classes)).to(dev)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4, **amp.opt_kwargs())
    report = Report(args)
    for _ in range(args.steps):
        labels = torch.randint(classes, (batch,), device=dev)
        x = centers.index_select(0, labels) + torch.randn(batch, d_in, device=dev)
        opt.zero_grad()
        with amp.autocast():
            loss = F.cross_entropy(model(x), labels)
        amp.backward(loss)
        amp.step(opt)
        amp.scaler.update()
        report.step(loss)
    report.write()


class Block(nn.Module):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)
        self.shortcut = None
        if stride != 1 or cin != cout:
            self.shortcut = nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False), nn.BatchNorm2d(cout))

    def forward(self, x):
        y = self.bn2(self.conv2(F.relu(self.bn1(self.conv1(x)))))
        return F.relu(y + (self.shortcut(x) if self.shortcut is not None else x))


def resnet(args, amp, dev):
    batch, classes, size = 256, 16, 64
    patterns = torch.randn(classes, 3, size, size, device=dev)
    model = nn.Sequential(nn.Conv2d(3, 64, 3, 1, 1, bias=False), nn.BatchNorm2d(64), nn.ReLU(),
                          Block(64, 64, 1), Block(64, 64, 1), Block(64, 128, 2), Block(128, 128, 1),
                          Block(128, 256, 2), Block(256, 256, 1), nn.AdaptiveAvgPool2d(1),
                          nn.Flatten(), nn.Linear(256, classes)).to(dev)
    model = amp.conv_model(model)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9, **amp.opt_kwargs())
    report = Report(args)
    for _ in range(args.steps):
        labels = torch.randint(classes, (batch,), device=dev)
        images = patterns.index_select(0, labels) + 2.0 * torch.randn(batch, 3, size, size, device=dev)
        opt.zero_grad()
        with amp.autocast():
            loss = F.cross_entropy(model(amp.conv_input(images)), labels)
        amp.backward(loss)
        amp.step(opt)
        amp.scaler.update()
        report.step(loss)
    report.write()


class Attention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads, self.qkv, self.out = heads, nn.Linear(dim, 3 * dim), nn.Linear(dim, dim)

    def forward(self, x, mask):
        b, t, d = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        scores = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(d // self.heads)
        # What the C++ program's -1e9 becomes after `ampify check --fix` (fp16 overflows at 65504).
        scores = scores.masked_fill(mask, -float("inf"))
        y = torch.matmul(torch.softmax(scores, -1), v).transpose(1, 2).reshape(b, t, d)
        return self.out(y)


class Layer(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.ln1, self.attn, self.ln2 = nn.LayerNorm(dim), Attention(dim, heads), nn.LayerNorm(dim)
        self.fc1, self.fc2 = nn.Linear(dim, 4 * dim), nn.Linear(4 * dim, dim)

    def forward(self, x, mask):
        x = x + self.attn(self.ln1(x), mask)
        return x + self.fc2(F.gelu(self.fc1(self.ln2(x))))


class LanguageModel(nn.Module):
    def __init__(self, vocab, dim, heads, depth, context):
        super().__init__()
        self.tokens, self.positions = nn.Embedding(vocab, dim), nn.Embedding(context, dim)
        self.layers = nn.ModuleList(Layer(dim, heads) for _ in range(depth))
        self.norm, self.head = nn.LayerNorm(dim), nn.Linear(dim, vocab)

    def forward(self, ids):
        t = ids.shape[1]
        x = self.tokens(ids) + self.positions(torch.arange(t, device=ids.device))
        mask = torch.ones(t, t, dtype=torch.bool, device=ids.device).triu(1)
        for layer in self.layers:
            x = layer(x, mask)
        return self.head(self.norm(x))


def transformer(args, amp, dev):
    vocab, dim, heads, depth, context, batch = 8192, 512, 8, 4, 256, 32
    successor = torch.randperm(vocab, device=dev)

    def make_batch():
        seq = torch.empty(batch, context + 1, dtype=torch.long, device=dev)
        seq[:, 0] = torch.randint(vocab, (batch,), device=dev)
        for i in range(1, context + 1):
            follow = successor.index_select(0, seq[:, i - 1])
            noise = torch.randint(vocab, (batch,), device=dev)
            seq[:, i] = torch.where(torch.rand(batch, device=dev) < 0.9, follow, noise)
        return seq

    data = [make_batch() for _ in range(16)]
    model = LanguageModel(vocab, dim, heads, depth, context).to(dev)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-4, **amp.opt_kwargs())
    report = Report(args)
    for step in range(args.steps):
        seq = data[step % len(data)]
        inp, target = seq[:, :context], seq[:, 1:]
        opt.zero_grad()
        with amp.autocast():
            loss = F.cross_entropy(model(inp).reshape(-1, vocab), target.reshape(-1))
        amp.backward(loss)
        amp.step(opt)
        amp.scaler.update()
        report.step(loss)
    report.write()


def gan(args, amp, dev):
    batch, noise, data, hidden = 2048, 128, 1024, 2048
    mixing = torch.randn(32, data, device=dev) / 4.0
    gen = nn.Sequential(nn.Linear(noise, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU(),
                        nn.Linear(hidden, data)).to(dev)
    disc = nn.Sequential(nn.Linear(data, hidden), nn.LeakyReLU(0.2), nn.Linear(hidden, hidden),
                         nn.LeakyReLU(0.2), nn.Linear(hidden, 1)).to(dev)
    gen_opt = torch.optim.Adam(gen.parameters(), lr=1e-4, betas=(0.5, 0.999), **amp.opt_kwargs())
    disc_opt = torch.optim.Adam(disc.parameters(), lr=1e-4, betas=(0.5, 0.999), **amp.opt_kwargs())
    report = Report(args)
    for _ in range(args.steps):
        real = torch.randn(batch, 32, device=dev) @ mixing
        ones, zeros = torch.ones(batch, 1, device=dev), torch.zeros(batch, 1, device=dev)
        disc_opt.zero_grad()
        with amp.autocast():
            fake = gen(torch.randn(batch, noise, device=dev))
            d_loss = (F.binary_cross_entropy_with_logits(disc(real), ones) +
                      F.binary_cross_entropy_with_logits(disc(fake.detach()), zeros))
        amp.backward(d_loss)
        amp.step(disc_opt)
        gen_opt.zero_grad()
        with amp.autocast():
            g_loss = F.binary_cross_entropy_with_logits(disc(fake), ones)
        amp.backward(g_loss)
        amp.step(gen_opt)
        amp.scaler.update()
        report.step(d_loss + g_loss)
    report.write()


def accumulate_clip(args, amp, dev):
    micro, d_in, hidden, out, accumulation = 1024, 2048, 4096, 256, 4
    teacher = torch.randn(d_in, out, device=dev) / math.sqrt(d_in)
    model = nn.Sequential(nn.Linear(d_in, hidden), nn.GELU(), nn.Linear(hidden, hidden), nn.GELU(),
                          nn.Linear(hidden, out)).to(dev)
    opt = torch.optim.SGD(model.parameters(), lr=0.02, momentum=0.9, **amp.opt_kwargs())
    report = Report(args)
    opt.zero_grad()
    for step in range(args.steps * accumulation):
        x = torch.randn(micro, d_in, device=dev)
        y = x @ teacher
        with amp.autocast():
            loss = F.mse_loss(model(x), y) / accumulation
        amp.backward(loss)
        if (step + 1) % accumulation == 0:
            amp.scaler.unscale_(opt)
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            amp.step(opt)
            amp.scaler.update()
            opt.zero_grad()
            report.step(loss * accumulation)
    report.write()


MODELS = {f.__name__: f for f in (mlp, resnet, transformer, gan, accumulate_clip)}

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("name", choices=sorted(MODELS))
    ap.add_argument("--mode", choices=["fp32", "fp16", "bf16", "fp16_fused_cl"], default="fp16")
    ap.add_argument("--steps", type=int, default=200)
    ap.add_argument("--warmup", type=int, default=20)
    ap.add_argument("--json", default="report.json")
    args = ap.parse_args()
    torch.manual_seed(0)
    MODELS[args.name](args, Amp(args.mode), torch.device("cuda"))
