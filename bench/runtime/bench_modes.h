// The benchmark's modes behind a C interface, so that one build serves both the stand-alone program
// (bench_main.cpp) and Python: bench.py loads libampify_runtime_bench_modes.so with ctypes and runs
// the C++ modes in turn with its own, round by round in one process, so that the C++/Python ratio
// is taken between rounds seconds apart instead of between processes (which differ by up to 1% even
// when they run the same kernels on the same data).
#pragma once

extern "C" {
// Builds every mode (its own model, same initial weights, optimizer and scaler) and the data, and
// warms each mode up. Returns the number of modes. Call once.
int ampify_bench_setup();
const char* ampify_bench_mode_name(int mode);
// Runs `steps` training steps of `mode` between two device synchronizations; returns ms per step.
double ampify_bench_run(int mode, int steps);
double ampify_bench_final_scale(int mode);
// Kineto traces of a few steps of each mode, written to dir/cpp_<mode>.json.
void ampify_bench_profile(const char* dir);
}
