// Runs one example program (built with EXAMPLE_LIBRARY, so its main is the C function
// ampify_example_main) under LibTorch's Kineto profiler (CPU ops, CUDA runtime calls and
// kernels, the same collector that Python's torch.profiler drives) and saves a Chrome trace:
//   profile_<name> TRACE.json [--steps N --warmup W --json REPORT.json]
// bench/gpu/trace_steps.py cuts the trace into training steps and compares it with the Python
// twin's trace.
#include <torch/csrc/autograd/profiler_kineto.h>

#include <iostream>
#include <set>
#include <string>
#include <vector>

extern "C" int ampify_example_main(int argc, char **argv);

int main(int argc, char **argv) {
  if (argc < 2) {
    std::cerr << "usage: " << argv[0] << " TRACE.json [example arguments]\n";
    return 2;
  }
  const std::string trace = argv[1];
  std::vector<char *> args{argv[0]};
  for (int i = 2; i < argc; ++i)
    args.push_back(argv[i]);
  args.push_back(nullptr);
  namespace impl = torch::profiler::impl;
  const std::set<impl::ActivityType> activities{impl::ActivityType::CPU, impl::ActivityType::CUDA};
  const impl::ProfilerConfig config(impl::ProfilerState::KINETO, /*report_input_shapes=*/false,
                                    /*profile_memory=*/false, /*with_stack=*/false, /*with_flops=*/false,
                                    /*with_modules=*/false);
  torch::autograd::profiler::prepareProfiler(config, activities);
  torch::autograd::profiler::enableProfiler(config, activities);
  const int rc = ampify_example_main(int(args.size()) - 1, args.data());
  auto result = torch::autograd::profiler::disableProfiler();
  result->save(trace);
  std::cout << "trace: " << trace << "\n";
  return rc;
}
