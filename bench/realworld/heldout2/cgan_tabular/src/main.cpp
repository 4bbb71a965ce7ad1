#include <torch/torch.h>

#include <iostream>

#include "gan.h"

// Conditional GAN on synthetic tabular data: every class is a Gaussian blob.
const int64_t kNoiseDim = 64;
const int64_t kNumClasses = 10;
const int64_t kDataDim = 30;
const int64_t kGenHidden = 100;
const int64_t kDiscHidden = 128;
const int64_t kBatchSize = 60;
const int64_t kNumSteps = 300;
const int64_t kLogInterval = 50;
const double kLearningRate = 2e-4;

// One-hot rows for integer labels.
torch::Tensor one_hot_rows(const torch::Tensor &labels, int64_t num_classes) {
  auto rows = torch::zeros({labels.size(0), num_classes}, torch::TensorOptions().device(labels.device()));
  return rows.scatter_(1, labels.unsqueeze(1), 1.0);
}

torch::Tensor sample_real(const torch::Tensor &centers, const torch::Tensor &labels) {
  auto noise = torch::randn({labels.size(0), centers.size(1)}, centers.options());
  return centers.index_select(0, labels) + 0.1 * noise;
}

int main() {
  torch::manual_seed(7);
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  std::cout << "Training on " << device << std::endl;

  Generator generator(kNoiseDim, kNumClasses, kGenHidden, kDataDim);
  torch::nn::Sequential discriminator = make_discriminator(kDataDim + kNumClasses, kDiscHidden);
  generator->to(device);
  discriminator->to(device);

  torch::optim::Adam g_optimizer(generator->parameters(),
                                 torch::optim::AdamOptions(kLearningRate).betas({0.5, 0.999}));
  torch::optim::Adam d_optimizer(discriminator->parameters(),
                                 torch::optim::AdamOptions(kLearningRate).betas({0.5, 0.999}));
  torch::nn::BCELoss criterion;

  auto centers = torch::randn({kNumClasses, kDataDim}).to(device);
  auto label_options = torch::TensorOptions().dtype(torch::kLong).device(device);
  auto real_target = torch::full({kBatchSize, 1}, 0.9, torch::TensorOptions().device(device));
  auto fake_target = torch::zeros({kBatchSize, 1}, torch::TensorOptions().device(device));

  for (int64_t step = 1; step <= kNumSteps; ++step) {
    auto labels = torch::randint(kNumClasses, {kBatchSize}, label_options);
    auto cond = one_hot_rows(labels, kNumClasses);
    auto real_rows = sample_real(centers, labels);

    // Discriminator: real rows against generated rows.
    d_optimizer.zero_grad();
    auto noise = torch::randn({kBatchSize, kNoiseDim}, torch::TensorOptions().device(device));
    auto fake_rows = generator->forward(noise, cond);
    auto d_real = discriminator->forward(torch::cat({real_rows, cond}, 1));
    auto d_fake = discriminator->forward(torch::cat({fake_rows.detach(), cond}, 1));
    auto d_loss = 0.5 * (criterion(d_real, real_target) + criterion(d_fake, fake_target));
    d_loss.backward();
    d_optimizer.step();

    // Generator: make the discriminator call the generated rows real.
    g_optimizer.zero_grad();
    auto g_score = discriminator->forward(torch::cat({fake_rows, cond}, 1));
    auto g_loss = criterion(g_score, torch::ones_like(g_score));
    g_loss.backward();
    g_optimizer.step();

    if (step % kLogInterval == 0) {
      std::cout << "step " << step << " d_loss " << d_loss.item<float>() << " g_loss "
                << g_loss.item<float>() << std::endl;
    }
  }
  return 0;
}
