#include "net.h"

Net::Net()
    : conv1(torch::nn::Conv2dOptions(1, 10, /*kernel_size=*/5)),
      conv2(torch::nn::Conv2dOptions(10, 20, /*kernel_size=*/5)),
      fc1(320, 50),
      fc2(50, 10) {
    register_module("conv1", conv1);
    register_module("conv2", conv2);
    register_module("conv2_drop", conv2_drop);
    register_module("fc1", fc1);
    register_module("fc2", fc2);
}

torch::Tensor Net::forward(torch::Tensor x) {
    // 1x28x28 -> 10x12x12 -> 20x4x4 -> 320 -> 50 -> 10
    auto h = torch::relu(torch::max_pool2d(conv1(x), 2));
    h = torch::relu(torch::max_pool2d(conv2_drop(conv2(h)), 2));
    h = torch::relu(fc1(h.view({-1, 320})));
    h = torch::dropout(h, 0.5, is_training());
    return torch::log_softmax(fc2(h), 1);
}
