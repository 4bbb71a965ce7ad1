#ifndef _TRAINABLE_MODEL_H_
#define _TRAINABLE_MODEL_H_

/*
    Interface of a trainable model.
*/

#include <torch/torch.h>

#include "network_builder.h"

namespace NeuroTab {

class TrainableModel {
 public:
  TrainableModel(const torch::Tensor& training_data, const NetworkBuilder& model_net_builder)
      : _training_data(training_data), _model(model_net_builder.build_network()) {}

  virtual ~TrainableModel() = default;

  virtual bool train(const unsigned num_epochs, const unsigned batch_size,
                     const double weight_decay = 0.) = 0;

  // In the case of the VAE this is the decoder.
  const torch::nn::Sequential& get_model() const { return _model; }
  double get_loss() const { return _loss; }

 protected:
  const torch::Tensor _training_data;
  double _loss = 0.0;
  torch::nn::Sequential _model;
};

}  // namespace NeuroTab

#endif
