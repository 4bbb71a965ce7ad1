#include "vae.h"

#include <iostream>
#include <vector>

#include "batch_utils.h"

namespace NeuroTab {

VAE::VAE(const NetworkBuilder& encoder_builder, const NetworkBuilder& decoder_builder,
         const torch::Tensor& training_data, int64_t latent_dim)
    : TrainableModel(training_data, decoder_builder),
      _encoder(encoder_builder.build_network()),
      _encoder_mean_linear_layer(torch::nn::LinearOptions(encoder_builder.get_num_outputs(), latent_dim)),
      _encoder_logvar_linear_layer(torch::nn::LinearOptions(encoder_builder.get_num_outputs(), latent_dim)) {}

bool VAE::train(const unsigned num_epochs, const unsigned batch_size, const double weight_decay) {
  const double learning_rate = 2e-3;
  auto adam_options = torch::optim::AdamOptions(learning_rate);
  adam_options.weight_decay(weight_decay);

  std::vector<torch::optim::OptimizerParamGroup> opt_params;
  opt_params.push_back(_encoder->parameters());
  opt_params.push_back(_encoder_mean_linear_layer->parameters());
  opt_params.push_back(_encoder_logvar_linear_layer->parameters());
  opt_params.push_back(_model->parameters());

  torch::optim::Adam optimizer(opt_params, adam_options);

  for (unsigned i = 0; i < num_epochs; i++) {
    const std::vector<std::pair<torch::Tensor, torch::Tensor>> batches =
        generate_batches(batch_size, _training_data, _training_data);

    double total_loss = 0.0;
    for (const auto& batch : batches) {
      optimizer.zero_grad();

      const auto [output, mu, log_var] = vae_forward(batch.first);

      torch::Tensor loss = loss_function(output, batch.second, mu, log_var);

      loss.backward();
      total_loss += loss.item<double>() * batch.first.size(0);

      optimizer.step();
    }

    _loss = total_loss / _training_data.size(0);
    std::cout << "Epoch: " << i << " | Training Loss: " << _loss << std::endl;
  }
  return true;
}

std::pair<torch::Tensor, torch::Tensor> VAE::encode(const torch::Tensor& x) {
  const torch::Tensor hidden_layer_out = _encoder->forward(x);
  const torch::Tensor mu = _encoder_mean_linear_layer->forward(hidden_layer_out);
  const torch::Tensor log_var = _encoder_logvar_linear_layer->forward(hidden_layer_out);
  return {mu, log_var};
}

std::tuple<torch::Tensor, torch::Tensor, torch::Tensor> VAE::vae_forward(const torch::Tensor& x) {
  const auto [mu, log_var] = encode(x);
  const auto z = sample(mu, log_var);
  return std::make_tuple(_model->forward(z), mu, log_var);
}

// Samples from the distribution with mu and log_var parameters.
torch::Tensor VAE::sample(const torch::Tensor& mu, const torch::Tensor& log_var) const {
  const torch::Tensor stddev = torch::exp(0.5 * log_var);
  const torch::Tensor eps = torch::randn_like(mu);
  return eps * stddev + mu;
}

torch::Tensor VAE::loss_function(const torch::Tensor& output, const torch::Tensor& input,
                                 const torch::Tensor& mu, const torch::Tensor& log_var) const {
  // Reconstruction term: the decoder ends in a sigmoid.
  torch::Tensor reconstruction_loss = torch::nn::functional::binary_cross_entropy(
      output, input,
      torch::nn::functional::BinaryCrossEntropyFuncOptions().reduction(torch::kSum));

  // KL divergence to the unit normal, https://arxiv.org/abs/1312.6114
  const torch::Tensor var = log_var.exp();
  torch::Tensor KLD_loss = -0.5 * torch::sum(1 + torch::log(var + 1e-10) - mu.pow(2) - var);

  return (reconstruction_loss + KLD_loss) / output.size(0);
}

torch::Tensor VAE::reconstruct(const torch::Tensor& x) {
  torch::NoGradGuard no_grad;
  return _model->forward(encode(x).first);
}

double VAE::test_loss(const torch::Tensor& x) {
  torch::NoGradGuard no_grad;
  const auto [output, mu, log_var] = vae_forward(x);
  return loss_function(output, x, mu, log_var).item<double>();
}

}  // namespace NeuroTab
