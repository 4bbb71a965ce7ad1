// ampify runtime: channels_last for whole modules. LibTorch's torch::nn::Module::to() takes a
// device and a dtype but no memory format, unlike Python's `model.to(memory_format=...)`.
#pragma once

#include <torch/nn/module.h>

namespace ampify {

/// `model.to(memory_format=torch.channels_last)`: stores every 4-D parameter and buffer of
/// `module` and its submodules in channels_last (NHWC) order, in place. The tensors stay the same
/// objects (their data is replaced, as Python's Module._apply does), so an optimizer built on
/// `module.parameters()` before the call keeps working. Other tensors are unchanged.
void to_channels_last(torch::nn::Module& module);

}  // namespace ampify
