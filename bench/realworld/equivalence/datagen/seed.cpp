// Linked into every corpus program, original and migrated alike (wrapper/CMakeLists.txt), and run
// before main():
// - seeds LibTorch's default CPU generator. LibTorch seeds it from std::random_device otherwise,
//   so two runs of the same program differ; the programs' own torch::manual_seed calls
//   (mnist_net, dcgan_mnist, textcnn_trec) still take over. Only the CPU generator: CUDA's default
//   generators start from a fixed seed already, and touching CUDA before main() is avoided.
// - with EQUIV_CUDNN_TF32=0, turns off TF32 in cuDNN's convolutions and RNNs (LibTorch's default
//   is on), for the harness's original-cudnn-fp32 reference run: a change of rounding alone, for
//   programs whose matrix products are cuDNN's, which TORCH_ALLOW_TF32_CUBLAS_OVERRIDE (the
//   original-tf32 run) does not reach. It only sets a flag of the global context, so CUDA is not
//   touched here either.
#include <ATen/CPUGeneratorImpl.h>
#include <ATen/Context.h>

#include <cstdlib>
#include <cstring>
#include <mutex>

namespace {
struct BeforeMain {
  BeforeMain() {
    const char *text = std::getenv("EQUIV_SEED");
    auto gen = at::detail::getDefaultCPUGenerator();
    {
      std::lock_guard<std::mutex> lock(gen.mutex());
      gen.set_current_seed(text ? std::strtoull(text, nullptr, 10) : 0);
    }
    const char *cudnn_tf32 = std::getenv("EQUIV_CUDNN_TF32");
    if (cudnn_tf32 && std::strcmp(cudnn_tf32, "0") == 0)
      at::globalContext().setAllowTF32CuDNN(false);
  }
} before_main;
}  // namespace
