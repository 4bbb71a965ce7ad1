#!/usr/bin/env python3
"""`ampify fix` time against the number of training loops in one file (issue 20, item 12).

Generates files of N training loops (each loop in its own function, and all loops in one
function), times `ampify fix --export-fixes` on each size in one run, side by side, and checks
that the largest file takes at most --max-ratio times the smallest (linear time: 5,000 loops are
8x 625 loops, so 10x leaves room for noise). The mock LibTorch headers keep the parse small, so
what is timed is the analysis and the migration. The ratio is of CPU time (user + system, of
ampify and the workers it waits for): on a shared machine a change of load during the large run
moves its wall time, not its CPU time. Wall times are printed beside it. CPU time still moves
when another process shares the core (two hyper-threads of one core, a lower clock): the sizes
run in turn, --repeat rounds of them, and each size keeps its fastest run, so that a busy spell
slows one round of both sizes rather than one size.

  python3 bench/fixscale/run.py --ampify build/tool/ampify --mock-prefix testdata/mock \\
      [--sizes 625,5000] [--repeat 3] [--max-ratio 10] [--log FILE]
Exit 0 when every shape is within the ratio, 1 otherwise.
"""
import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

HEADER = """#include <torch/torch.h>

struct NetImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);
"""

LOOP = """  for (int i = 0; i < 10; ++i) {{
    opt.zero_grad();
    auto out{n} = model(torch::randn({{2, 2}}));
    auto loss{n} = out{n}.sum();
    loss{n}.backward();
    torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
    opt.step();
  }}
"""


def program(loops, shape):
    out = [HEADER]
    if shape == "functions":
        for n in range(loops):
            out.append("void train%d(Net &model, torch::optim::SGD &opt) {\n" % n)
            out.append(LOOP.format(n=n))
            out.append("}\n")
    else:
        out.append("void train(Net &model, torch::optim::SGD &opt) {\n")
        for n in range(loops):
            out.append(LOOP.format(n=n))
        out.append("}\n")
    return "".join(out)


def cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_fix(ampify, mock_prefix, path):
    """(CPU seconds, wall seconds) of one `ampify fix` of `path`."""
    start, start_cpu = time.perf_counter(), cpu_seconds()
    r = subprocess.run([ampify, "fix", "--torch-prefix=" + mock_prefix, "--color=never",
                        "--export-fixes=" + path + ".yaml", path],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    measured = (cpu_seconds() - start_cpu, time.perf_counter() - start)
    if r.returncode != 0:
        sys.exit("ampify fix failed on %s (exit %d):\n%s" % (path, r.returncode, r.stderr[-2000:]))
    return measured


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ampify", required=True)
    ap.add_argument("--mock-prefix", required=True)
    ap.add_argument("--sizes", default="625,5000")
    ap.add_argument("--shapes", default="functions,one-function")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--max-ratio", type=float, default=10.0)
    ap.add_argument("--log", help="also append the table to this file")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    work = tempfile.mkdtemp(prefix="ampify-fixscale-")
    lines = []
    ok = True
    try:
        for shape in args.shapes.split(","):
            paths = {}
            for n in sizes:
                paths[n] = os.path.join(work, "%s_%d.cpp" % (shape, n))
                with open(paths[n], "w") as f:
                    f.write(program(n, shape))
            best = {}
            for _ in range(args.repeat):
                for n in sizes:
                    measured = time_fix(args.ampify, args.mock_prefix, paths[n])
                    best[n] = min(best.get(n, measured), measured)
            for n in sizes:
                lines.append("%-13s %6d loops  %8.3f s CPU  %8.3f s wall  (best of %d, sizes in turn)" % (
                    shape, n, best[n][0], best[n][1], args.repeat))
                print(lines[-1], flush=True)
            ratio = best[sizes[-1]][0] / best[sizes[0]][0]
            within = ratio <= args.max_ratio
            ok &= within
            lines.append("%-13s CPU ratio %d/%d loops: %.2fx (limit %.1fx, linear %.1fx) %s" % (
                shape, sizes[-1], sizes[0], ratio, args.max_ratio, sizes[-1] / sizes[0],
                "ok" if within else "TOO SLOW"))
            print(lines[-1], flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if args.log:
        with open(args.log, "a") as f:
            f.write("\n".join(lines) + "\n")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
