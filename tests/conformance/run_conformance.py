#!/usr/bin/env python3
"""Conformance of ampify's cast policy tables with real autocast.

Runs every op of the (version, device) table that ampify applies to the installed torch
(matchers/CastPolicyTables.def, generated, plus the reviewed hand list CastPolicyCommon.def)
under torch.autocast, through torch.ops.aten.<op>.<overload> with inputs built from the op's
schema (generic shapes, and a small table of special inputs below), and compares the output dtype
with what the table says:

  LowerPrecision   float32 inputs give the autocast dtype
  Fp32, Fp32UnlessDtype
                   low-precision inputs give float32 (no dtype passed)
  Promote          low-precision inputs keep it; float32 mixed with low-precision gives float32
  FallThrough      the output has the inputs' dtype (float32 and low-precision inputs both)
  Banned           the call raises "unsafe to autocast"
  Factory          float32 (the default dtype)

Every op is reported: checked (agrees), a divergence (named, with what was seen), or not run
(with why: an op this torch does not have, an output that is not floating, an input the script
cannot build). A low-precision input that reaches a kernel without a kernel for that dtype
("not implemented for 'BFloat16'") shows that autocast did not cast it, which is what
FallThrough and LowerPrecision predict; those are counted as checked and said so.

  /usr/bin/python3 tests/conformance/run_conformance.py --device cpu --dtype bfloat16
Exit 0 when there is no divergence, 1 when there is one, 2 when the check could not run.
"""

import argparse
import pathlib
import re
import sys
import traceback

REPO = pathlib.Path(__file__).resolve().parent.parent.parent

try:
    import torch
except ImportError as e:  # reported by the caller as a usage problem, not as a divergence
    print(f"run_conformance: cannot import torch: {e}", file=sys.stderr)
    sys.exit(2)


# ---------------------------------------------------------------------------------------------
# ampify's tables, read back from the .def files the C++ includes.

def parse_tables(tables_def, common_def):
    versions, base, delta, reviewed = [], {}, {}, {}
    for line in tables_def.read_text().splitlines():
        if m := re.match(r"AMPIFY_CAST_POLICY_VERSION\((\d+), (\d+)\)", line):
            versions.append((int(m.group(1)), int(m.group(2))))
        elif m := re.match(r'AMPIFY_CAST_POLICY_BASE\("(\w+)", "(\w*)", (\w+)\)', line):
            base[(m.group(1), m.group(2))] = m.group(3)
        elif m := re.match(r'AMPIFY_CAST_POLICY_DELTA\((\d+), (\d+), (\w+), "(\w+)", "(\w*)", (\w+)\)', line):
            key = (int(m.group(1)), int(m.group(2)), m.group(3))
            delta.setdefault(key, {})[(m.group(4), m.group(5))] = m.group(6)
    for line in common_def.read_text().splitlines():
        if m := re.match(r'AMPIFY_CAST_POLICY\("(\w+)", (\w+)\)', line):
            reviewed[m.group(1)] = m.group(2)
    return versions, base, delta, reviewed


def choose_version(versions, wanted):
    """CastPolicyTable::forVersion's choice: the newest read version not newer than `wanted` in
    its major series, else that series' oldest; without one of its series, the same over all."""
    def pick(candidates):
        chosen = None
        for v in sorted(candidates):
            if chosen is None or v <= wanted:
                chosen = v
        return chosen
    return pick([v for v in versions if v[0] == wanted[0]]) or pick(versions)


# ---------------------------------------------------------------------------------------------
# Inputs from the schema.

def split_top(text, sep=","):
    parts, depth, cur = [], 0, ""
    for c in text:
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        if c == sep and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += c
    if cur.strip():
        parts.append(cur.strip())
    return parts


def schema_args(schema):
    """[(type, name, has_default, kwarg_only)] from the schema's text."""
    text = str(schema)
    inner = text[text.index("(") + 1:text.rindex(") ->")] if ") ->" in text else text[text.index("(") + 1:-1]
    args, kwarg_only = [], False
    for part in split_top(inner):
        if part == "*":
            kwarg_only = True
            continue
        decl, _, default = part.partition("=")
        type_, _, name = decl.strip().rpartition(" ")
        type_ = re.sub(r"\([a-z!]+\)", "", type_)  # alias annotations: Tensor(a)
        args.append((type_, name, bool(default), kwarg_only))
    return args


class Inputs:
    """Builds tensors of one dtype mode on one device."""

    def __init__(self, device, mode, low):
        self.device, self.mode, self.low = device, mode, low
        self.count = 0
        self.names = None  # dimension names, for Dimname overloads

    def dtype(self):
        self.count += 1
        if self.mode == "fp32":
            return torch.float32
        if self.mode == "low":
            return self.low
        return torch.float32 if self.count == 1 else self.low  # mixed: the first fp32, the rest low

    def t(self, *shape, low=0.1, high=0.9):
        x = torch.rand(*shape, device=self.device) * (high - low) + low
        x = x.to(self.dtype())
        if self.names and len(shape) == len(self.names):
            x = x.refine_names(*self.names)
        return x

    def spd(self, n=4):
        a = torch.rand(n, n, device=self.device)
        return (a @ a.T + n * torch.eye(n, device=self.device)).to(self.dtype())

    def long(self, *shape, high=2):
        return torch.randint(0, high, shape, device=self.device)


# Special inputs: op -> function(Inputs) -> (args, kwargs). Ops not listed get generic inputs.
def _lstm_cell(i):
    return [i.t(2, 4), [i.t(2, 3), i.t(2, 3)], i.t(12, 4), i.t(12, 3)], {}


def _gru_cell(i):
    return [i.t(2, 4), i.t(2, 3), i.t(9, 4), i.t(9, 3)], {}


def _rnn_cell(i):
    return [i.t(2, 4), i.t(2, 3), i.t(3, 4), i.t(3, 3)], {}


def _loss2(i, target=None):
    return [i.t(4, 5), target if target is not None else i.t(4, 5)], {}


def _conv(dims, transpose=False):
    def build(i):
        shape = (1, 2) + (6,) * dims
        weight = (2, 2) + (3,) * dims
        return [i.t(*shape), i.t(*weight)], {}
    return build


SPECIAL = {
    "_convolution": lambda i: ([i.t(1, 2, 6, 6), i.t(2, 2, 3, 3), None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1,
                                False, False, True] + ([True] if i.overload == "" else []), {}),
    "conv1d": _conv(1), "conv2d": _conv(2), "conv3d": _conv(3),
    "conv_transpose1d": _conv(1), "conv_transpose2d": _conv(2), "conv_transpose3d": _conv(3),
    "convolution": lambda i: ([i.t(1, 2, 6, 6), i.t(2, 2, 3, 3), None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1], {}),
    "conv_tbc": lambda i: ([i.t(5, 1, 2), i.t(3, 2, 2), i.t(2), 1], {}),
    "cudnn_convolution": lambda i: ([i.t(1, 2, 6, 6), i.t(2, 2, 3, 3), [0, 0], [1, 1], [1, 1], 1, False, False, True], {}),
    "cudnn_convolution_transpose": lambda i: ([i.t(1, 2, 6, 6), i.t(2, 2, 3, 3), [0, 0], [0, 0], [1, 1], [1, 1], 1,
                                               False, False, True], {}),
    "prelu": lambda i: ([i.t(2, 3, 4), i.t(3)], {}),
    "addmv": lambda i: ([i.t(4), i.t(4, 4), i.t(4)], {}),
    "addr": lambda i: ([i.t(4, 4), i.t(4), i.t(4)], {}),
    "mv": lambda i: ([i.t(4, 4), i.t(4)], {}),
    "dot": lambda i: ([i.t(4), i.t(4)], {}),
    "vdot": lambda i: ([i.t(4), i.t(4)], {}),
    "linalg_vecdot": lambda i: ([i.t(3, 4), i.t(3, 4)], {}),
    "einsum": lambda i: (["ij,jk->ik", [i.t(4, 4), i.t(4, 4)]], {}),
    "bmm": lambda i: ([i.t(2, 4, 4), i.t(2, 4, 4)], {}),
    "baddbmm": lambda i: ([i.t(2, 4, 4), i.t(2, 4, 4), i.t(2, 4, 4)], {}),
    "addbmm": lambda i: ([i.t(4, 4), i.t(2, 4, 4), i.t(2, 4, 4)], {}),
    "chain_matmul": lambda i: ([[i.t(4, 4), i.t(4, 4), i.t(4, 4)]], {}),
    "linalg_multi_dot": lambda i: ([[i.t(4, 4), i.t(4, 4), i.t(4, 4)]], {}),
    "_thnn_fused_lstm_cell": lambda i: ([i.t(2, 12), i.t(2, 12), i.t(2, 3)], {}),
    "_thnn_fused_gru_cell": lambda i: ([i.t(2, 9), i.t(2, 9), i.t(2, 3)], {}),
    "lstm_cell": _lstm_cell, "gru_cell": _gru_cell, "rnn_tanh_cell": _rnn_cell, "rnn_relu_cell": _rnn_cell,
    "scaled_dot_product_attention": lambda i: ([i.t(1, 2, 4, 8), i.t(1, 2, 4, 8), i.t(1, 2, 4, 8)], {}),
    "_scaled_dot_product_flash_attention": lambda i: ([i.t(1, 2, 4, 8), i.t(1, 2, 4, 8), i.t(1, 2, 4, 8)], {}),
    "_addmm_activation": lambda i: ([i.t(4, 4), i.t(4, 4), i.t(4, 4)], {}),
    "acos": lambda i: ([i.t(4, 4)], {}), "asin": lambda i: ([i.t(4, 4)], {}),
    "erfinv": lambda i: ([i.t(4, 4)], {}),
    "pow": lambda i: ({"Tensor_Scalar": [i.t(4, 4), 2.0], "Tensor_Tensor": [i.t(4, 4), i.t(4, 4)],
                       "Scalar": [2.0, i.t(4, 4)]}[i.overload], {}),
    "layer_norm": lambda i: ([i.t(2, 4), [4], i.t(4), i.t(4)], {}),
    "native_layer_norm": lambda i: ([i.t(2, 4), [4], i.t(4), i.t(4), 1e-5], {}),
    "group_norm": lambda i: ([i.t(2, 4, 3), 2, i.t(4), i.t(4)], {}),
    "frobenius_norm": lambda i: ([i.t(4, 4)] + ([[0, 1]] if i.overload == "dim" else []), {}),
    "nuclear_norm": lambda i: ([i.t(4, 4)] + ([[0, 1]] if i.overload == "dim" else []), {}),
    "cosine_similarity": lambda i: ([i.t(4, 4), i.t(4, 4)], {}),
    "poisson_nll_loss": lambda i: ([i.t(4, 5), i.t(4, 5), True, False, 1e-8, 1], {}),
    "cosine_embedding_loss": lambda i: ([i.t(4, 5), i.t(4, 5), torch.ones(4, device=i.device)], {}),
    "nll_loss": lambda i: ([i.t(4, 5), i.long(4, high=5)], {}),
    "nll_loss2d": lambda i: ([i.t(2, 5, 3, 3), i.long(2, 3, 3, high=5)], {}),
    "cross_entropy_loss": lambda i: ([i.t(4, 5), i.long(4, high=5)], {}),
    "hinge_embedding_loss": lambda i: ([i.t(4, 5), torch.ones(4, 5, device=i.device)], {}),
    "margin_ranking_loss": lambda i: ([i.t(4), i.t(4), torch.ones(4, device=i.device)], {}),
    "multilabel_margin_loss": lambda i: ([i.t(4, 5), i.long(4, 5, high=5)], {}),
    "multilabel_margin_loss_forward": lambda i: ([i.t(4, 5), i.long(4, 5, high=5), 1], {}),
    "multi_margin_loss": lambda i: ([i.t(4, 5), i.long(4, high=5)], {}),
    "triplet_margin_loss": lambda i: ([i.t(4, 5), i.t(4, 5), i.t(4, 5)], {}),
    "binary_cross_entropy": lambda i: ([i.t(4, 5), i.t(4, 5)], {}),
    "binary_cross_entropy_with_logits": lambda i: ([i.t(4, 5), i.t(4, 5)], {}),
    "soft_margin_loss": lambda i: ([i.t(4, 5), torch.ones(4, 5, device=i.device)], {}),
    "ctc_loss": lambda i: ([i.t(6, 2, 4).log_softmax(-1), i.long(2, 3, high=3) + 1]
                           + ([[6, 6], [3, 3]] if i.overload == "IntList"
                              else [torch.tensor([6, 6], device=i.device), torch.tensor([3, 3], device=i.device)]), {}),
    "pdist": lambda i: ([i.t(4, 3)], {}),
    "cdist": lambda i: ([i.t(4, 3), i.t(5, 3)], {}),
    "renorm": lambda i: ([i.t(4, 4), 2, 0, 1.0], {}),
    "logsumexp": lambda i: ([i.t(4, 4), [1]], {}),
    "upsample_nearest1d": lambda i: ([i.t(1, 2, 4), [8]], {}),
    "_upsample_nearest_exact1d": lambda i: ([i.t(1, 2, 4), [8]], {}),
    "upsample_nearest2d": lambda i: ([i.t(1, 2, 4, 4), [8, 8]], {}),
    "_upsample_nearest_exact2d": lambda i: ([i.t(1, 2, 4, 4), [8, 8]], {}),
    "upsample_nearest3d": lambda i: ([i.t(1, 2, 4, 4, 4), [8, 8, 8]], {}),
    "_upsample_nearest_exact3d": lambda i: ([i.t(1, 2, 4, 4, 4), [8, 8, 8]], {}),
    "upsample_linear1d": lambda i: ([i.t(1, 2, 4), [8], False], {}),
    "upsample_bilinear2d": lambda i: ([i.t(1, 2, 4, 4), [8, 8], False], {}),
    "_upsample_bilinear2d_aa": lambda i: ([i.t(1, 2, 4, 4), [8, 8], False], {}),
    "upsample_trilinear3d": lambda i: ([i.t(1, 2, 4, 4, 4), [8, 8, 8], False], {}),
    "upsample_bicubic2d": lambda i: ([i.t(1, 2, 4, 4), [8, 8], False], {}),
    "_upsample_bicubic2d_aa": lambda i: ([i.t(1, 2, 4, 4), [8, 8], False], {}),
    "cumprod": lambda i: ([i.t(4, 4), "C" if i.names else 0], {}),
    "cumsum": lambda i: ([i.t(4, 4), "C" if i.names else 0], {}),
    "softmax": lambda i: ([i.t(4, 4), "C" if i.names else -1], {}),
    "log_softmax": lambda i: ([i.t(4, 4), "C" if i.names else -1], {}),
    "prod": lambda i: ([i.t(4, 4)] + (["C"] if i.names else [0] if i.overload == "dim_int" else []), {}),
    "sum": lambda i: ([i.t(4, 4)] + ([["C"]] if i.names else [[0]] if i.overload == "dim_IntList" else []), {}),
    "norm": lambda i: ([i.t(4, 4), 2.0] + ([["C"]] if i.names else [[0]] if i.overload == "ScalarOpt_dim" else []),
                       {}),
    "linalg_vector_norm": lambda i: ([i.t(4, 4)], {}),
    "linalg_matrix_norm": lambda i: ([i.t(4, 4), "fro" if i.overload == "str_ord" else 2.0], {}),
    "addcdiv": lambda i: ([i.t(4, 4), i.t(4, 4), i.t(4, 4)], {}),
    "addcmul": lambda i: ([i.t(4, 4), i.t(4, 4), i.t(4, 4)], {}),
    "atan2": lambda i: ([i.t(4, 4), i.t(4, 4)], {}),
    "bilinear": lambda i: ([i.t(2, 3), i.t(2, 4), i.t(5, 3, 4)], {}),
    "cross": lambda i: ([i.t(4, 3), i.t(4, 3)], {}),
    "grid_sampler": lambda i: ([i.t(1, 2, 4, 4), i.t(1, 3, 3, 2), 0, 0, False], {}),
    "grid_sampler_2d": lambda i: ([i.t(1, 2, 4, 4), i.t(1, 3, 3, 2), 0, 0, False], {}),
    "_grid_sampler_2d_cpu_fallback": lambda i: ([i.t(1, 2, 4, 4), i.t(1, 3, 3, 2), 0, 0, False], {}),
    "grid_sampler_3d": lambda i: ([i.t(1, 2, 4, 4, 4), i.t(1, 3, 3, 3, 3), 0, 0, False], {}),
    "index_put": lambda i: ([i.t(4, 4), [i.long(2, high=4)], i.t(2, 4)], {}),
    "tensordot": lambda i: ([i.t(4, 4), i.t(4, 4), [1], [0]], {}),
    "scatter_add": lambda i: ([i.t(4, 4), 0, i.long(2, 4, high=4), i.t(2, 4)], {}),
    "index_copy": lambda i: ([i.t(4, 4), "N" if i.names else 0, i.long(2, high=4), i.t(2, 4)], {}),
    "stack": lambda i: ([[i.t(4, 4), i.t(4, 4)]], {}),
    "cat": lambda i: ([[i.t(4, 4), i.t(4, 4)]], {}),
    "avg_pool3d": lambda i: ([i.t(1, 2, 4, 4, 4), [2, 2, 2]], {}),
    "max_pool3d": lambda i: ([i.t(1, 2, 4, 4, 4), [2, 2, 2]], {}),
    "adaptive_avg_pool3d": lambda i: ([i.t(1, 2, 4, 4, 4), [2, 2, 2]], {}),
    "adaptive_max_pool3d": lambda i: ([i.t(1, 2, 4, 4, 4), [2, 2, 2]], {}),
    "max_unpool2d": lambda i: ([i.t(1, 1, 2, 2), torch.tensor([[[[0, 3], [8, 11]]]], device=i.device), [4, 4]], {}),
    "max_unpool3d": lambda i: ([i.t(1, 1, 2, 2, 2), torch.arange(8, device=i.device).reshape(1, 1, 2, 2, 2) * 8,
                                [4, 4, 4], [2, 2, 2], [0, 0, 0]], {}),
    "fractional_max_pool2d": lambda i: ([i.t(1, 2, 8, 8), [2, 2], [4, 4], i.t(1, 2, 2)], {}),
    "fractional_max_pool3d": lambda i: ([i.t(1, 2, 8, 8, 8), [2, 2, 2], [4, 4, 4], i.t(1, 2, 3)], {}),
    "reflection_pad1d": lambda i: ([i.t(1, 2, 4), [1, 1]], {}),
    "reflection_pad2d": lambda i: ([i.t(1, 2, 4, 4), [1, 1, 1, 1]], {}),
    "replication_pad1d": lambda i: ([i.t(1, 2, 4), [1, 1]], {}),
    "replication_pad2d": lambda i: ([i.t(1, 2, 4, 4), [1, 1, 1, 1]], {}),
    "replication_pad3d": lambda i: ([i.t(1, 2, 4, 4, 4), [1, 1, 1, 1, 1, 1]], {}),
    "polar": lambda i: ([i.t(4), i.t(4)], {}),
    "quantile": lambda i: ([i.t(4, 4), 0.5 if i.overload == "scalar" else i.t(2)], {}),
    "nanquantile": lambda i: ([i.t(4, 4), 0.5 if i.overload == "scalar" else i.t(2)], {}),
    "stft": lambda i: ([i.t(64), 16], {"return_complex": True} if i.overload != "center" else {}),
    "view_as_complex": lambda i: ([i.t(4, 2)], {}),
    "fake_quantize_per_tensor_affine": lambda i: ([i.t(4, 4), 0.1, 0, 0, 255], {}),
    "cholesky": lambda i: ([i.spd()], {}), "cholesky_inverse": lambda i: ([i.spd()], {}),
    "linalg_cholesky": lambda i: ([i.spd()], {}), "linalg_cholesky_ex": lambda i: ([i.spd()], {}),
    "cholesky_solve": lambda i: ([i.t(4, 2), i.spd()], {}),
    "lu_solve": lambda i: ([i.t(4, 2), i.spd(), torch.arange(1, 5, dtype=torch.int32, device=i.device)], {}),
    "triangular_solve": lambda i: ([i.t(4, 2), i.spd()], {}),
    "linalg_solve": lambda i: ([i.spd(), i.t(4, 2)], {}),
    "linalg_lstsq": lambda i: ([i.spd(), i.t(4, 2)], {}),
    "linalg_householder_product": lambda i: ([i.t(4, 3), i.t(3)], {}),
    "orgqr": lambda i: ([i.t(4, 3), i.t(3)], {}),
    "ormqr": lambda i: ([i.t(4, 3), i.t(3), i.t(4, 2)], {}),
    "linalg_tensorinv": lambda i: ([i.spd(), 1], {}),
    "linalg_tensorsolve": lambda i: ([i.spd(), i.t(4)], {}),
    "linalg_matrix_rank": lambda i: ([i.spd()] + ({"": [0.5], "tol_tensor": [i.t(1)]}.get(i.overload, [])), {}),
    "linalg_cond": lambda i: ([i.spd()] + (["fro"] if i.overload == "p_str" else []), {}),
    "_native_multi_head_attention": lambda i: ([i.t(2, 3, 8), i.t(2, 3, 8), i.t(2, 3, 8), 8, 2, i.t(24, 8), i.t(24),
                                                i.t(8, 8), i.t(8)], {}),
    "trace": lambda i: ([i.t(4, 4)], {}),
    "masked_fill": lambda i: ([i.t(4, 4), torch.rand(4, 4, device=i.device) > 0.5,
                               torch.tensor(0.0, device=i.device)], {}),
    "clamp": lambda i: ([i.t(4, 4), i.t(4, 4)], {}),
    "clip": lambda i: ([i.t(4, 4), i.t(4, 4)], {}),
    "where": lambda i: ([torch.rand(4, 4, device=i.device) > 0.5, i.t(4, 4), i.t(4, 4)], {}),
    "index_select": lambda i: ([i.t(4, 4), 0, i.long(2, high=4)], {}),
    "index": lambda i: ([i.t(4, 4), [torch.rand(4, device=i.device) > 0.5]], {}),
    "gather": lambda i: ([i.t(4, 4), 1, i.long(4, 2, high=4)], {}),
    "masked_select": lambda i: ([i.t(4, 4), torch.rand(4, 4, device=i.device) > 0.5], {}),
    "max_pool1d": lambda i: ([i.t(1, 2, 4), [2]], {}),
    "max_pool2d": lambda i: ([i.t(1, 2, 4, 4), [2, 2]], {}),
    "avg_pool1d": lambda i: ([i.t(1, 2, 4), [2]], {}),
    "avg_pool2d": lambda i: ([i.t(1, 2, 4, 4), [2, 2]], {}),
    "adaptive_avg_pool1d": lambda i: ([i.t(1, 2, 4), [2]], {}),
    "adaptive_avg_pool2d": lambda i: ([i.t(1, 2, 4, 4), [2, 2]], {}),
    "batch_norm": lambda i: ([i.t(2, 3, 4), i.t(3), i.t(3), i.t(3), i.t(3), False, 0.1, 1e-5, False], {}),
    "dropout": lambda i: ([i.t(4, 4), 0.5, True], {}),
    "expand": lambda i: ([i.t(1, 4), [3, 4]], {}),
    "view": lambda i: ([i.t(4, 4), [16]], {}),
    "reshape": lambda i: ([i.t(4, 4), [16]], {}),
    "repeat": lambda i: ([i.t(4, 4), [2, 1]], {}),
    "permute": lambda i: ([i.t(4, 4), [1, 0]], {}),
    "roll": lambda i: ([i.t(4, 4), [1]], {}),
    "flip": lambda i: ([i.t(4, 4), [0]], {}),
    "narrow": lambda i: ([i.t(4, 4), 0, 0, 2], {}),
    "chunk": lambda i: ([i.t(4, 4), 2], {}),
    "full_like": lambda i: ([i.t(4, 4), 1.0], {}),
    "empty": lambda i: ([[4, 4]], {}), "zeros": lambda i: ([[4, 4]], {}), "ones": lambda i: ([[4, 4]], {}),
    "rand": lambda i: ([[4, 4]], {}), "randn": lambda i: ([[4, 4]], {}),
    "full": lambda i: ([[4, 4], 1.0], {}),
}

# Overloads ampify's hand list means, where the op has several (the hand list is by op name).
PREFERRED_OVERLOADS = ("Tensor", "self", "default", "int", "dim", "Scalar", "memory_format")

# narrow(Tensor self, int dim, SymInt start, SymInt length); sort(Tensor self, int dim, bool
# descending), not sort.Tensor, which sorts a list of tensors.
HAND_OVERLOADS = {"narrow": "", "sort": ""}

# Ops that cannot be run here, and why (as specific as the reason is).
CANNOT_RUN = {
    "cuda": "a Tensor method, not an ATen op",
    "cpu": "a Tensor method, not an ATen op",
    "tensor": "a C++ factory (torch::tensor), not an ATen op",
    "cross_entropy": "torch::nn::functional::cross_entropy is C++ API, not an ATen op (cross_entropy_loss is run)",
    "mkldnn_rnn_layer": "needs a full packed-weight RNN layer setup",
}


def is_dimname_overload(overload):
    return bool(overload) and ("imname" in overload or overload.startswith("names"))


def generic_args(op, overload, schema, inputs):
    args, kwargs = [], {}
    for type_, name, has_default, kwarg_only in schema_args(schema):
        base = type_.rstrip("?")
        if has_default:
            continue
        if type_.endswith("?"):
            value = None
        elif base == "Tensor":
            value = inputs.t(4, 4)
        elif base in ("Tensor[]", "Tensor?[]"):
            value = [inputs.t(4, 4), inputs.t(4, 4)]
        elif base in ("int", "SymInt"):
            value = {"dim": -1, "reduction": 1, "groups": 1}.get(name, 1)
        elif re.match(r"(int|SymInt)\[\d*\]", base):
            value = [1] if "size" in name or "kernel" in name else [0]
        elif base == "float":
            value = 0.5
        elif base == "Scalar":
            value = 2.0
        elif base == "bool":
            value = False
        elif base == "Dimname":
            value = "C"
        elif base == "Dimname[]":
            value = ["C"]
        elif base == "str" and inputs.names:
            value = "C"  # a Dimname (schemas print Dimname as str)
        elif re.match(r"str\[\d*\]", base) and inputs.names:
            value = ["C"]
        elif base == "str":
            value = "reduced"
        else:
            raise NotImplementedError(f"an argument of type {type_} ({name})")
        if kwarg_only:
            kwargs[name] = value
        else:
            args.append(value)
    return args, kwargs


def output_dtype(result):
    """The dtype of the first floating or complex tensor of the result, as a real dtype."""
    stack = [result]
    while stack:
        r = stack.pop(0)
        if isinstance(r, torch.Tensor):
            if r.is_complex():
                return {torch.complex64: torch.float32, torch.complex128: torch.float64,
                        torch.complex32: torch.float16}.get(r.dtype, r.dtype)
            if r.is_floating_point():
                return r.dtype
        elif isinstance(r, (tuple, list)):
            stack.extend(r)
    return None


def run_op(op, overload, device, device_type, low, mode):
    """(output dtype, None) or (None, error text) of one call under autocast."""
    packet = getattr(torch.ops.aten, op)
    fn = getattr(packet, overload or "default")
    inputs = Inputs(device, mode, low)
    inputs.overload = overload
    schema = fn._schema
    if is_dimname_overload(overload):
        # torch.ops cannot take named tensors: the Python binding dispatches to the same overload.
        inputs.names = ("N", "C")
        fn = getattr(torch, op)
    builder = SPECIAL.get(op)
    args, kwargs = builder(inputs) if builder else generic_args(op, overload, schema, inputs)
    with torch.autocast(device_type=device_type, dtype=low):
        result = fn(*args, **kwargs)
    return output_dtype(result)


def short(error):
    text = str(error).strip().splitlines()
    return (text[0] if text else type(error).__name__)[:160]


def resolve_overload(op, overload):
    """The overload to run and a reason when there is none."""
    packet = getattr(torch.ops.aten, op, None)
    if packet is None:
        return None, f"this torch has no ATen op `{op}`"
    names = packet.overloads()
    if overload is not None:
        wanted = overload or "default"
        return (overload, None) if wanted in names else (None, f"this torch has no overload {op}.{wanted}")
    if op in HAND_OVERLOADS:
        return HAND_OVERLOADS[op], None
    for name in PREFERRED_OVERLOADS:
        if name in names:
            return ("" if name == "default" else name), None
    functional = [n for n in names if "out" not in n]
    return (functional[0], None) if functional else (None, f"{op} has no functional overload")


def check(op, overload, policy, device, device_type, low):
    """('agree'|'diverge'|'not run', text)."""
    names = {torch.float32: "float32", torch.float16: "float16", torch.bfloat16: "bfloat16"}

    def name(d):
        return names.get(d, str(d).replace("torch.", ""))

    def attempt(mode):
        try:
            return run_op(op, overload, device, device_type, low, mode), None
        except Exception as e:  # any failure of the op itself is reported, never hidden
            return None, e

    if policy == "Banned":
        out, err = attempt("fp32")
        if err is not None and "unsafe to autocast" in str(err):
            return "agree", "raises: unsafe to autocast"
        return "diverge", f"expected to raise 'unsafe to autocast'; got {short(err) if err else name(out)}"
    if policy == "Factory":
        expectations = [("fp32", torch.float32)]
    elif policy == "LowerPrecision":
        expectations = [("fp32", low), ("low", low)]
    elif policy in ("Fp32", "Fp32UnlessDtype"):
        expectations = [("low", torch.float32), ("fp32", torch.float32)]
    elif policy == "Promote":
        expectations = [("low", low), ("mixed", torch.float32)]
    elif policy == "FallThrough":
        expectations = [("fp32", torch.float32), ("low", low)]
    else:
        return "not run", f"unknown policy {policy}"
    seen, uncast = [], False
    for mode, expected in expectations:
        out, err = attempt(mode)
        if err is not None:
            no_kernel = re.search(r"not implemented for '(BFloat16|Half)'", str(err))
            if mode == "low" and no_kernel and policy in ("FallThrough", "LowerPrecision"):
                uncast = True  # the low-precision input reached the kernel uncast, as predicted
                seen.append(f"{mode}: no {no_kernel.group(1)} kernel (input reached it uncast)")
                continue
            if isinstance(err, NotImplementedError) and "an argument of type" in str(err):
                return "not run", f"cannot build {short(err)}"
            return "not run", f"{mode} inputs: {type(err).__name__}: {short(err)}"
        if out is None:
            return "not run", "the output has no floating tensor, so its dtype says nothing"
        seen.append(f"{mode} in -> {name(out)}")
        if out != expected:
            return "diverge", f"{mode} inputs gave {name(out)}, the table's {policy} says {name(expected)}"
    return "agree", "; ".join(seen) + (" (uncast)" if uncast else "")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--device", choices=("cpu", "cuda"), required=True)
    parser.add_argument("--dtype", choices=("bfloat16", "float16"), required=True)
    parser.add_argument("--tables", type=pathlib.Path, default=REPO / "matchers" / "CastPolicyTables.def")
    parser.add_argument("--common", type=pathlib.Path, default=REPO / "matchers" / "CastPolicyCommon.def")
    parser.add_argument("--table-version", help="MAJOR.MINOR of the table to check (default: the one "
                        "ampify applies to this torch's version)")
    parser.add_argument("--crashed", action="append", default=[], metavar="OP",
                        help="an op (as the report names it) that killed an earlier run: listed as not "
                        "run, not called again (tests/gpu/run_conformance.sh passes them)")
    args = parser.parse_args()

    if args.device == "cuda" and not torch.cuda.is_available():
        print("run_conformance: CUDA is not available", file=sys.stderr)
        return 2
    versions, base, delta, reviewed = parse_tables(args.tables, args.common)
    torch_version = tuple(int(p) for p in re.match(r"(\d+)\.(\d+)", torch.__version__).groups())
    wanted = tuple(int(p) for p in args.table_version.split(".")) if args.table_version else torch_version
    table_version = choose_version(versions, wanted)
    device_key = args.device.upper()
    table = dict(base)
    table.update(delta.get(table_version + (device_key,), {}))
    low = getattr(torch, args.dtype)
    torch.manual_seed(0)

    entries = [(op, overload, policy, "generated") for (op, overload), policy in sorted(table.items())]
    generated_ops = {op for op, _ in table}
    entries += [(op, None, policy, "hand list") for op, policy in sorted(reviewed.items()) if op not in generated_ops]

    print(f"torch {torch.__version__}, {args.device} autocast ({args.dtype}); ampify's table for LibTorch "
          f"{table_version[0]}.{table_version[1]} {device_key} ({len(table)} generated entries, "
          f"{len(entries) - len(table)} hand-list ops)")
    results = {"agree": [], "diverge": [], "not run": []}
    for op, overload, policy, origin in entries:
        label = f"{op}.{overload or 'default'}" if overload is not None else op
        if label in args.crashed:
            results["not run"].append((label, policy, "killed the process (a crash inside LibTorch)"))
            continue
        print(f"running: {label}", file=sys.stderr, flush=True)  # names the op if LibTorch crashes
        resolved, why = resolve_overload(op, overload)
        if why or op in CANNOT_RUN:
            results["not run"].append((label, policy, CANNOT_RUN.get(op) or why))
            continue
        if overload is None:
            label = f"{op}.{resolved or 'default'}"
        try:
            verdict, text = check(op, resolved, policy, args.device, args.device, low)
        except Exception as e:  # a bug in this script for one op: listed, the others still run
            verdict, text = "not run", f"script error: {short(e)}"
            traceback.print_exc(file=sys.stderr)
        results[verdict].append((label + ("" if origin == "generated" else " (hand list)"), policy, text))

    for verdict in ("diverge", "not run", "agree"):
        print(f"\n{verdict}: {len(results[verdict])}")
        for label, policy, text in results[verdict]:
            print(f"  {label} [{policy}]: {text}")
    print(f"\nsummary: torch {torch.__version__} {args.device} {args.dtype}, table "
          f"{table_version[0]}.{table_version[1]} {device_key}: {len(entries)} ops, "
          f"{len(results['agree'])} checked and agree, {len(results['diverge'])} divergences, "
          f"{len(results['not run'])} not run")
    return 1 if results["diverge"] else 0


if __name__ == "__main__":
    sys.exit(main())
