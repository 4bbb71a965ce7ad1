#!/usr/bin/env python3
"""Writes matchers/CastPolicyTables.def from LibTorch's own autocast registration source.

Inputs: matchers/policy/inputs/<version>/autocast_mode.{cpp,h}, as Debian's source packages of
pytorch ship them (inputs/README.md records each file's origin). For every version and device
(CUDA: the `Autocast` dispatch key, CPU: `AutocastCPU`) the registration is read as LibTorch
compiles it:

  - 1.13 style: KERNEL(..., "op.overload", signature, policy) and KERNEL_CPU(...) lines, the
    KERNEL_DIFFERENT_REDISPATCH_SIGNATURE lines, and m.impl("op", TORCH_FN(WrapFunction<
    CastPolicy::p, DeviceType::d, ...>)) written out by hand;
  - 2.x style: KERNEL_CUDA(op[, overload], policy), KERNEL_CPU(...), and the AT_FORALL_* lists of
    autocast_mode.h expanded through the local macro each block passes them;
  - binary_cross_entropy registered to binary_cross_entropy_banned: Banned.

Each (version, device) table is then completed with what LibTorch does for the ops it does not
register on that device but registers elsewhere (another device or version): they fall through,
running in their inputs' dtype (`mv` under CPU autocast), unless they decompose into a
registered op (DECOMPOSES_INTO below, reviewed against the conformance test).

Output: one base table (entries equal in every table) and per-(version, device) deltas:
  AMPIFY_CAST_POLICY_BASE("op", "overload", Policy)
  AMPIFY_CAST_POLICY_DELTA(major, minor, Device, "op", "overload", Policy)
The overload is LibTorch's overload name ("" for the default one). LibTorch's fp32_set_opt_dtype
and fp32_append_dtype both become Fp32UnlessDtype: float32 unless the call names a dtype (norm's
registered overloads take none; its dtype overloads are not registered, so they run in the dtype
they are given).

  python3 matchers/policy/generate_cast_policies.py            # rewrites the table
  python3 matchers/policy/generate_cast_policies.py --output F # writes it elsewhere (the test)
"""

import argparse
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parent.parent
INPUTS = HERE / "inputs"
DEFAULT_OUTPUT = REPO / "matchers" / "CastPolicyTables.def"

DEVICES = {"Autocast": "CUDA", "AutocastCUDA": "CUDA", "AutocastCPU": "CPU"}
POLICIES = {
    "lower_precision_fp": "LowerPrecision",
    "fp32": "Fp32",
    "fp32_set_opt_dtype": "Fp32UnlessDtype",
    "fp32_append_dtype": "Fp32UnlessDtype",
    "promote": "Promote",
}
KERNEL_MACROS = re.compile(r"^KERNEL(_CPU|_CUDA)?2?$|^KERNEL_DIFFERENT_REDISPATCH_SIGNATURE(_CPU|_CUDA)?$")

# Ops that LibTorch does not register on a device but that are composite there: their kernel
# calls the listed ops, which are registered, so the output has that op's policy. Found by the
# conformance test (tests/conformance/), each checked against LibTorch's implementation:
#   op: (ops it calls, in order of precedence: the first one registered on the device decides)
DECOMPOSES_INTO = {
    # LossNLL.cpp: log_softmax, then nll_loss, which makes the output.
    "cross_entropy_loss": ("nll_loss",),
    # Linear.cpp: einsum contracts through bmm; tensordot reshapes into one mm; chain_matmul is
    # linalg_multi_dot, a sequence of mm.
    "einsum": ("bmm",),
    "tensordot": ("mm",),
    "chain_matmul": ("mm",),
    "linalg_multi_dot": ("mm",),
    # RNN.cpp: the simple cells are linear_ih(input) + linear_hh(hx) (lstm_cell and gru_cell take
    # fused kernels on the CPU instead and keep their inputs' dtype: measured).
    "rnn_tanh_cell": ("linear",),
    "rnn_relu_cell": ("linear",),
    # Found by the H200 run (torch 2.11, CUDA): the padding="same"/"valid" convolutions go through
    # convolution; pinverse through linalg_pinv's matmul; trace sums (fp32 under CUDA autocast).
    "conv1d.padding": ("convolution", "_convolution"),
    "conv2d.padding": ("convolution", "_convolution"),
    "conv3d.padding": ("convolution", "_convolution"),
    "pinverse": ("matmul",),
    "trace": ("sum",),
}


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def join_continuations(text):
    return text.replace("\\\n", " ")


def balanced_args(text, open_index):
    """The top-level comma-separated arguments of the call whose '(' is at open_index, and the
    index after its ')'."""
    depth = 0
    args, current = [], []
    i = open_index
    while i < len(text):
        c = text[i]
        if c in "(<[{":
            depth += 1
            if depth > 1:
                current.append(c)
        elif c in ")>]}":
            depth -= 1
            if depth == 0:
                args.append("".join(current).strip())
                return args, i + 1
            current.append(c)
        elif c == "," and depth == 1:
            args.append("".join(current).strip())
            current = []
        else:
            current.append(c)
        i += 1
    raise ValueError("unbalanced parentheses")


def calls(text):
    """(name, args) of every macro or function call at the top level of `text`."""
    i = 0
    for m in re.finditer(r"\b([A-Za-z_][A-Za-z_0-9.]*)\s*\(", text):
        if m.start() < i:
            continue
        args, end = balanced_args(text, m.end() - 1)
        i = end
        yield m.group(1), args


def string_literal(arg):
    m = re.search(r'"([^"]*)"', arg)
    return m.group(1) if m else None


def split_name(name):
    name = name.removeprefix("aten::")
    op, _, overload = name.partition(".")
    return op, overload


def forall_lists(header):
    """AT_FORALL_* lists of autocast_mode.h: name -> list of argument lists."""
    lists = {}
    text = join_continuations(strip_comments(header))
    for m in re.finditer(r"#define\s+(AT_FORALL_\w+)\(_\)([^\n]*)", text):
        lists[m.group(1)] = [args for name, args in calls(m.group(2)) if name == "_"]
    return lists


def registration_blocks(cpp):
    """(dispatch key, block text) of every TORCH_LIBRARY_IMPL(aten, Key, m) block."""
    text = join_continuations(strip_comments(cpp))
    for m in re.finditer(r"TORCH_LIBRARY_IMPL\(\s*aten\s*,\s*(\w+)\s*,\s*m\s*\)\s*\{", text):
        depth, i = 1, m.end()
        while depth:
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        yield m.group(1), text[m.end():i - 1]


def kernel_entry(args):
    """(op, overload, LibTorch policy) of a KERNEL* macro's arguments, either style."""
    if len(args) >= 4 and string_literal(args[1]) is not None:  # 1.13: (FUNC, "name", SIG..., POLICY)
        op, overload = split_name(string_literal(args[1]))
        return op, overload, args[-1]
    if len(args) in (2, 3):  # 2.x: (op[, overload], policy)
        return args[0], args[1] if len(args) == 3 else "", args[-1]
    raise ValueError(f"unexpected KERNEL arguments {args}")


def read_registration(version):
    """{device: {(op, overload): ampify policy}} of one LibTorch version."""
    cpp = (INPUTS / version / "autocast_mode.cpp").read_text()
    header = (INPUTS / version / "autocast_mode.h").read_text()
    lists = forall_lists(header)
    tables = {}
    for key, block in registration_blocks(cpp):
        device = DEVICES.get(key)
        if device is None:
            continue  # MPS, XPU, ...: not analysed
        table = tables.setdefault(device, {})
        # The block's own `#define _KERNEL_X(...) KERNEL_CUDA(__VA_ARGS__, policy)` helpers.
        local = {m.group(1): m.group(2) for m in re.finditer(
            r"#define\s+(\w+)\(\.\.\.\)\s*KERNEL_\w+\(__VA_ARGS__,\s*(\w+)\)", block)}
        body = re.sub(r"#define[^\n]*", "", block)

        def add(op, overload, policy, where):
            if policy not in POLICIES and policy != "Banned":
                raise ValueError(f"{version} {device}: unknown policy {policy} in {where}")
            table[(op, overload)] = POLICIES.get(policy, policy)

        for name, args in calls(body):
            if KERNEL_MACROS.match(name):
                op, overload, policy = kernel_entry(args)
                add(op, overload, policy, name)
            elif name in lists:
                (macro,) = args
                for entry in lists[name]:
                    if macro in local:
                        add(entry[0], entry[1] if len(entry) > 1 else "", local[macro], name)
                    elif macro.startswith("KERNEL_DIFFERENT_REDISPATCH_SIGNATURE"):
                        op, overload, policy = kernel_entry(entry)
                        add(op, overload, policy, name)
                    else:
                        raise ValueError(f"{version} {device}: {name} passed unknown {macro}")
            elif name == "m.impl":
                op, overload = split_name(string_literal(args[0]))
                if "binary_cross_entropy_banned" in args[1]:
                    add(op, overload, "Banned", name)
                else:
                    wrap = re.search(r"CastPolicy::(\w+)\s*,\s*(?:c10::)?DeviceType::(\w+)", args[1])
                    if not wrap:
                        raise ValueError(f"{version} {device}: cannot read m.impl of {op}")
                    add(op, overload, wrap.group(1), name)
            else:
                # A registration this script does not know would be lost silently: stop instead.
                raise ValueError(f"{version} {device}: unrecognised registration {name}(...)")
    for device in ("CUDA", "CPU"):
        if not tables.get(device):
            raise ValueError(f"{version}: no {device} registration found")
    return tables


def complete(tables):
    """Adds to each (version, device) table the ops registered elsewhere: fall-through, or the
    policy of the registered op they decompose into."""
    known = {key for by_device in tables.values() for table in by_device.values() for key in table}
    for version, by_device in tables.items():
        for device, table in by_device.items():
            registered_ops = {}
            for (op, overload), policy in table.items():
                registered_ops.setdefault(op, policy)
            for key in sorted(known - set(table)):
                op = key[0]
                decomposes = DECOMPOSES_INTO.get(f"{op}.{key[1]}", DECOMPOSES_INTO.get(op, ()))
                delegate = next((d for d in decomposes if d in registered_ops), None)
                if delegate:
                    table[key] = (registered_ops[delegate], f"not registered for {device}; it calls {delegate}")
                    continue
                if op in registered_ops:
                    # Another overload of a registered op (frobenius_norm without dim in 2.x):
                    # not registered, so it falls through.
                    table[key] = ("FallThrough", f"{op}.{key[1] or 'default'} is not registered for {device}")
                    continue
                table[key] = ("FallThrough", f"not registered for {device}: runs in its inputs' dtype")
    return tables


def policy_of(value):
    return value[0] if isinstance(value, tuple) else value


def render(tables):
    versions = sorted(tables, key=lambda v: tuple(int(p) for p in v.split(".")))
    keys = [(v, d) for v in versions for d in ("CUDA", "CPU")]
    all_entries = set().union(*(tables[v][d] for v, d in keys))
    base = sorted(k for k in all_entries
                  if all(k in tables[v][d] and policy_of(tables[v][d][k]) == policy_of(tables[keys[0][0]][keys[0][1]][k])
                         for v, d in keys))
    out = [
        "// Generated by matchers/policy/generate_cast_policies.py from LibTorch's autocast registration",
        "// (aten/src/ATen/autocast_mode.{cpp,h}; matchers/policy/inputs/README.md gives each version's",
        "// origin). Do not edit: change the generator or its inputs and run",
        "//   python3 matchers/policy/generate_cast_policies.py",
        "// The ctest `cast-policy-tables-current` fails when this file differs from what it writes.",
        "//",
        "// AMPIFY_CAST_POLICY_VERSION(major, minor): a LibTorch version whose registration was read.",
        "// AMPIFY_CAST_POLICY_BASE(\"op\", \"overload\", Policy): the same in every (version, device) table.",
        "// AMPIFY_CAST_POLICY_DELTA(major, minor, Device, \"op\", \"overload\", Policy): that table only.",
        "// The overload is LibTorch's (\"\" for the default one). Entries for ops that a device does not",
        "// register, but another device or version does, say what that device does with them.",
    ]
    for v in versions:
        major, minor = v.split(".")[:2]
        out.append(f"AMPIFY_CAST_POLICY_VERSION({major}, {minor})")
    out.append("")
    for op, overload in base:
        policy = policy_of(tables[keys[0][0]][keys[0][1]][(op, overload)])
        out.append(f'AMPIFY_CAST_POLICY_BASE("{op}", "{overload}", {policy})')
    for v, d in keys:
        major, minor = v.split(".")[:2]
        out.append("")
        out.append(f"// LibTorch {v}, {d} autocast")
        for key in sorted(set(tables[v][d]) - set(base)):
            value = tables[v][d][key]
            note = f" // {value[1]}" if isinstance(value, tuple) else ""
            out.append(f'AMPIFY_CAST_POLICY_DELTA({major}, {minor}, {d}, "{key[0]}", "{key[1]}", '
                       f"{policy_of(value)}){note}")
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--output", type=pathlib.Path, default=DEFAULT_OUTPUT)
    args = parser.parse_args()
    versions = sorted(p.name for p in INPUTS.iterdir() if p.is_dir())
    try:
        tables = complete({v: read_registration(v) for v in versions})
    except (OSError, ValueError) as e:
        print(f"generate_cast_policies: {e}", file=sys.stderr)
        return 2
    args.output.write_text(render(tables))
    return 0


if __name__ == "__main__":
    sys.exit(main())
