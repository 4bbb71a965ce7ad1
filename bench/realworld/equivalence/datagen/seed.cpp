// Linked into every corpus program, original and migrated alike (wrapper/CMakeLists.txt): seeds
// LibTorch's default CPU generator before main() runs. LibTorch seeds it from std::random_device
// otherwise, so two runs of the same program differ; the programs' own torch::manual_seed calls
// (mnist_net, dcgan_mnist, textcnn_trec) still take over. Only the CPU generator: CUDA's default
// generators start from a fixed seed already, and touching CUDA before main() is avoided.
#include <ATen/CPUGeneratorImpl.h>

#include <cstdlib>
#include <mutex>

namespace {
struct SeedBeforeMain {
  SeedBeforeMain() {
    const char *text = std::getenv("EQUIV_SEED");
    auto gen = at::detail::getDefaultCPUGenerator();
    std::lock_guard<std::mutex> lock(gen.mutex());
    gen.set_current_seed(text ? std::strtoull(text, nullptr, 10) : 0);
  }
} seed_before_main;
}  // namespace
