#include "net.h"

Net::Net(int64_t inputs, int64_t hidden, int64_t classes) : inputs_(inputs) {
  // Construct and register the Linear submodules.
  fc1 = register_module("fc1", torch::nn::Linear(inputs, hidden));
  fc2 = register_module("fc2", torch::nn::Linear(hidden, hidden / 2));
  fc3 = register_module("fc3", torch::nn::Linear(hidden / 2, classes));
}

torch::Tensor Net::forward(torch::Tensor x) {
  x = torch::relu(fc1->forward(x.view({-1, inputs_})));
  x = torch::relu(fc2->forward(x));
  x = torch::log_softmax(fc3->forward(x), 1);
  return x;
}
