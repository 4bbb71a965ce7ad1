// ampify runtime benchmark, the stand-alone C++ program (the modes are in bench_modes.cpp):
//   ampify_runtime_bench OUT.txt [ROUNDS [STEPS]]  timing; OUT gets "mode ms_round1 ms_round2 ..." lines
//   ampify_runtime_bench --profile DIR             Kineto traces of 3 steps per mode: DIR/cpp_<mode>.json
// The modes take turns: each round runs STEPS steps of every mode, starting with a different mode
// each round. A drift of the GPU's clocks or of the allocator over the run then lands on all modes
// alike, and bench.py compares modes round by round.
#include "bench_modes.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <set>
#include <string>
#include <vector>

namespace {
// The CUDA math and runtime libraries this process has loaded, from /proc/self/maps. A C++ program
// can load other copies than Python's torch does (a system toolkit's instead of the pip wheels'), and
// cuBLAS versions differ in the GEMM kernels they pick, so bench.py report compares
// them ("# library" lines of the result files).
std::set<std::string> cuda_libraries() {
  std::ifstream maps("/proc/self/maps");
  std::set<std::string> paths;
  for (std::string line; std::getline(maps, line);) {
    const auto slash = line.find('/');
    if (slash == std::string::npos) continue;
    const std::string path = line.substr(slash);
    const std::string file = path.substr(path.rfind('/') + 1);
    for (const char* lib : {"libcublas", "libcudart", "libcudnn.so", "libnvrtc.so"})
      if (file.rfind(lib, 0) == 0) paths.insert(path);
  }
  return paths;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}
}  // namespace

int main(int argc, char** argv) {
  const bool profiling = argc > 2 && std::string(argv[1]) == "--profile";
  const std::string out = argc > 1 ? argv[profiling ? 2 : 1] : "bench_cpp.txt";
  const int rounds = !profiling && argc > 2 ? std::stoi(argv[2]) : 15;
  const int steps = !profiling && argc > 3 ? std::stoi(argv[3]) : 20;
  const int n_modes = ampify_bench_setup();
  const std::set<std::string> libraries = cuda_libraries();
  for (const auto& lib : libraries) std::printf("bench: library %s\n", lib.c_str());
  if (profiling) {
    ampify_bench_profile(out.c_str());
    return 0;
  }
  std::printf("bench: %d rounds x %d steps per mode, modes interleaved\n", rounds, steps);
  std::vector<std::vector<double>> ms(n_modes);
  for (int r = 0; r < rounds; ++r)
    for (int k = 0; k < n_modes; ++k) {
      const int i = (r + k) % n_modes;
      ms[i].push_back(ampify_bench_run(i, steps));
    }
  std::ofstream f(out);
  for (const auto& lib : libraries) f << "# library " << lib << "\n";
  for (int i = 0; i < n_modes; ++i) {
    const auto [lo, hi] = std::minmax_element(ms[i].begin(), ms[i].end());
    std::printf("cpp %-19s median %.3f ms/step (rounds: min %.3f max %.3f; final scale %.0f)\n",
                ampify_bench_mode_name(i), median(ms[i]), *lo, *hi, ampify_bench_final_scale(i));
    f << ampify_bench_mode_name(i);
    for (double v : ms[i]) f << " " << v;
    f << "\n";
  }
  return 0;
}
