#ifndef _NETWORK_BUILDER_H_
#define _NETWORK_BUILDER_H_

#include <torch/torch.h>

#include <vector>

namespace NeuroTab {

enum class Activation { kNone, kReLU, kSigmoid };

// Describes a fully connected network: input width, hidden widths, output
// width and the activation after the last layer.
class NetworkBuilder {
 public:
  NetworkBuilder(int64_t num_inputs, int64_t num_outputs, std::vector<int64_t> hidden_layers,
                 Activation output_activation = Activation::kNone);

  torch::nn::Sequential build_network() const;

  int64_t get_num_inputs() const { return _num_inputs; }
  int64_t get_num_outputs() const { return _num_outputs; }

 private:
  int64_t _num_inputs;
  int64_t _num_outputs;
  std::vector<int64_t> _hidden_layers;
  Activation _output_activation;
};

}  // namespace NeuroTab

#endif
