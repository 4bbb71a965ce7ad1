#ifndef _VAE_H_
#define _VAE_H_

#include <torch/torch.h>

#include <tuple>
#include <utility>

#include "network_builder.h"
#include "trainable_model.h"

namespace NeuroTab {

class VAE : public TrainableModel {
 public:
  VAE(const NetworkBuilder& encoder_builder, const NetworkBuilder& decoder_builder,
      const torch::Tensor& training_data, int64_t latent_dim);

  bool train(const unsigned num_epochs, const unsigned batch_size,
             const double weight_decay = 0.) override;

  // Mean reconstruction (z = mu) and its loss per sample on held-out rows.
  torch::Tensor reconstruct(const torch::Tensor& x);
  double test_loss(const torch::Tensor& x);

 private:
  std::pair<torch::Tensor, torch::Tensor> encode(const torch::Tensor& x);
  std::tuple<torch::Tensor, torch::Tensor, torch::Tensor> vae_forward(const torch::Tensor& x);
  torch::Tensor sample(const torch::Tensor& mu, const torch::Tensor& log_var) const;
  torch::Tensor loss_function(const torch::Tensor& output, const torch::Tensor& input,
                              const torch::Tensor& mu, const torch::Tensor& log_var) const;

  torch::nn::Sequential _encoder;
  torch::nn::Linear _encoder_mean_linear_layer;
  torch::nn::Linear _encoder_logvar_linear_layer;
};

}  // namespace NeuroTab

#endif
