#include <ampify/memory_format.h>

#include <ATen/ATen.h>
#include <torch/autograd.h>

namespace ampify {

void to_channels_last(torch::nn::Module& module) {
  torch::NoGradGuard no_grad;
  auto convert = [](at::Tensor& t) {
    if (t.defined() && t.dim() == 4) t.set_data(t.data().contiguous(at::MemoryFormat::ChannelsLast));
  };
  for (auto& p : module.parameters(/*recurse=*/true)) convert(p);
  for (auto& b : module.buffers(/*recurse=*/true)) convert(b);
}

}  // namespace ampify
