#!/usr/bin/env python3
"""Copies the example sources for their shared-library build (bench/gpu/paired.py), adding the one
statement that build needs: `return 0;` at the end of `main`.

examples/example_report.h renames `main` to the C function `ampify_example_main` when
EXAMPLE_LIBRARY is defined. The programs end `main` without a return statement, which is fine for
`main` (it returns 0) but undefined behaviour for any other function: GCC at -O2 emits no return
at all there, so the call runs off the end of the function and crashes *after* the program has
finished and written its report (the segmentation fault of the first paired run, found with
bench/gpu/ctypes_probe.py: the report is written, then the process dies in the call). The
executables are built from the unchanged sources; this copy differs from them only by the
`return 0;` that the language gives `main` implicitly.

  python3 bench/gpu/library_sources.py SRC_DIR DST_DIR
"""
import os
import re
import shutil
import sys


def add_return(text, path):
    m = re.search(r"\bint\s+main\s*\([^)]*\)\s*\{", text)
    if not m:
        raise SystemExit(f"{path}: no `int main(...) {{`")
    depth, i = 0, m.end() - 1
    while True:
        c = text[i]
        depth += c == "{"
        depth -= c == "}"
        if depth == 0:
            break
        i += 1
    if text[i + 1:].strip():
        raise SystemExit(f"{path}: something follows main; not patched")
    body = text[m.end():i]
    if re.search(r"\breturn\b[^;]*;\s*$", body):
        return text
    return text[:i] + "  return 0; // bench/gpu/library_sources.py: main's implicit return, made explicit\n" + text[i:]


def main():
    src, dst = sys.argv[1], sys.argv[2]
    os.makedirs(dst, exist_ok=True)
    for name in sorted(os.listdir(src)):
        path = os.path.join(src, name)
        if name.endswith(".cpp"):
            with open(os.path.join(dst, name), "w") as f:
                f.write(add_return(open(path).read(), path))
        elif name.endswith(".h"):
            shutil.copy(path, os.path.join(dst, name))
    return 0


if __name__ == "__main__":
    sys.exit(main())
