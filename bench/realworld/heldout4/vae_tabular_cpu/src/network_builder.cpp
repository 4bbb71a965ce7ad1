#include "network_builder.h"

namespace NeuroTab {

NetworkBuilder::NetworkBuilder(int64_t num_inputs, int64_t num_outputs,
                               std::vector<int64_t> hidden_layers, Activation output_activation)
    : _num_inputs(num_inputs),
      _num_outputs(num_outputs),
      _hidden_layers(std::move(hidden_layers)),
      _output_activation(output_activation) {}

torch::nn::Sequential NetworkBuilder::build_network() const {
  std::vector<int64_t> widths{_num_inputs};
  widths.insert(widths.end(), _hidden_layers.begin(), _hidden_layers.end());
  widths.push_back(_num_outputs);

  torch::nn::Sequential net;
  for (size_t i = 0; i + 1 < widths.size(); ++i) {
    net->push_back(torch::nn::Linear(widths[i], widths[i + 1]));
    if (i + 2 < widths.size()) net->push_back(torch::nn::ReLU());
  }
  if (_output_activation == Activation::kReLU) net->push_back(torch::nn::ReLU());
  if (_output_activation == Activation::kSigmoid) net->push_back(torch::nn::Sigmoid());
  return net;
}

}  // namespace NeuroTab
