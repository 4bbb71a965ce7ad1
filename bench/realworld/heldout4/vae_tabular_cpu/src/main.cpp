#include <torch/torch.h>

#include <iostream>
#include <memory>

#include "batch_utils.h"
#include "network_builder.h"
#include "trainable_model.h"
#include "vae.h"

namespace {
constexpr int64_t kNumFeatures = 30;
constexpr int64_t kHiddenFactors = 4;
constexpr int64_t kEncoderWidth = 64;
constexpr int64_t kLatentDim = 20;
}  // namespace

int main() {
  torch::manual_seed(17);
  using namespace NeuroTab;

  const torch::Tensor train_x = make_tabular_data(1200, kNumFeatures, kHiddenFactors);
  const torch::Tensor test_x = make_tabular_data(300, kNumFeatures, kHiddenFactors);

  NetworkBuilder encoder_builder(kNumFeatures, kEncoderWidth, {128}, Activation::kReLU);
  NetworkBuilder decoder_builder(kLatentDim, kNumFeatures, {64, 128}, Activation::kSigmoid);

  std::unique_ptr<TrainableModel> model =
      std::make_unique<VAE>(encoder_builder, decoder_builder, train_x, kLatentDim);
  model->train(/*num_epochs=*/8, /*batch_size=*/40);

  auto* vae = static_cast<VAE*>(model.get());
  const double test_loss = vae->test_loss(test_x);
  const double test_mae = (vae->reconstruct(test_x) - test_x).abs().mean().item<double>();
  const double mean_mae = (train_x.mean(0) - test_x).abs().mean().item<double>();

  std::cout << "final loss: " << model->get_loss() << std::endl;
  std::cout << "test loss: " << test_loss << ", test reconstruction MAE: " << test_mae
            << " (column-mean baseline " << mean_mae << ")" << std::endl;
  return 0;
}
