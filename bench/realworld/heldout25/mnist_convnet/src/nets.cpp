#include "nets.h"

Dense_Net::Dense_Net() {
    // Construct and register two Linear submodules.
    fc1 = register_module("fc1", torch::nn::Linear(784, 350));
    fc2 = register_module("fc2", torch::nn::Linear(350, 75));
    fc3 = register_module("fc3", torch::nn::Linear(75, 10));
}

torch::Tensor Dense_Net::forward(torch::Tensor x) {
    x = torch::relu(fc1->forward(x.reshape({x.size(0), 784})));
    x = torch::dropout(x, /*p=*/0.25, /*train=*/is_training());
    x = torch::relu(fc2->forward(x));
    x = torch::dropout(x, /*p=*/0.25, /*train=*/is_training());
    x = torch::log_softmax(fc3->forward(x), /*dim=*/1);
    return x;
}

Conv_Net::Conv_Net()
    : conv1(torch::nn::Conv2dOptions(1, 16, 3)), // input channels, output channels, kernel size=3
      conv2(torch::nn::Conv2dOptions(16, 32, 3)),
      fc1(800, 128), // 32 channels x 5 x 5 after two conv + pool stages
      fc2(128, 10)
{
    register_module("conv1", conv1);
    register_module("conv2", conv2);
    register_module("fc1", fc1);
    register_module("fc2", fc2);
}

torch::Tensor Conv_Net::forward(torch::Tensor x) {
    x = torch::relu(torch::max_pool2d(conv1->forward(x), 2)); // pool kernel size=2
    x = torch::relu(torch::max_pool2d(conv2->forward(x), 2)); // pool kernel size=2
    x = x.view({-1, 800}); // flatten for fc1
    x = torch::relu(fc1->forward(x));
    x = fc2->forward(x);
    return torch::log_softmax(x, 1);
}
