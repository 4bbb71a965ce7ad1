#include <iostream>
#include <torch/torch.h>
#include <ecvm/datasets/shapes.hpp>
#include <ecvm/losses/focal.hpp>
#include <ecvm/models/vit/vit.hpp>

struct TrainState {
  double last_loss = 0.0;
  int64_t steps = 0;
};

// One pass over the training images; gradients of `accumulation` batches make one step.
void train_epoch(ViT &vit, torch::optim::AdamW &optimizer, const torch::Tensor &images,
                 const torch::Tensor &targets, torch::Device device, int64_t batch_size,
                 int accumulation, TrainState &state) {
  vit.train();
  const int64_t num_batches = images.size(0) / batch_size;
  auto perm = torch::randperm(images.size(0));
  optimizer.zero_grad();
  for (int64_t b = 0; b < num_batches; b++) {
    auto idx = perm.slice(0, b * batch_size, (b + 1) * batch_size);
    auto x = images.index_select(0, idx).to(device);
    auto y = targets.index_select(0, idx).to(device);

    auto logits = vit.forward(x);
    auto loss = ecvm::losses::sigmoid_focal_loss(logits, y, 2.0, 0.75) / accumulation;
    loss.backward();

    if ((b + 1) % accumulation == 0) {
      torch::nn::utils::clip_grad_norm_(vit.parameters(), 1.0);
      optimizer.step();
      optimizer.zero_grad();
      state.steps++;
    }
    state.last_loss = loss.item<double>() * accumulation;
  }
}

auto evaluate(ViT &vit, const torch::Tensor &images, const torch::Tensor &targets,
              torch::Device device) -> double {
  torch::NoGradGuard no_grad;
  vit.eval();
  auto logits = vit.forward(images.to(device)).cpu();
  return ecvm::losses::micro_f1(logits, targets);
}

auto main() -> int {
  torch::manual_seed(0);

  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);

  auto [train_images, train_targets] = ecvm::datasets::make_shapes(2400, 16, 1);
  auto [test_images, test_targets] = ecvm::datasets::make_shapes(400, 16, 2);

  ViTOptions ops;
  ops.ImgSize(16)
      .PatchSize(4)
      .InChannels(3)
      .NumClasses(ecvm::datasets::kShapes * ecvm::datasets::kColours)
      .EmbedDim(100)
      .NumHeads(4)
      .MLPDim(200)
      .NumLayers(2)
      .MLPHeadDim(100)
      .MLPHeadLayers(3)
      .DropoutRate(0.1);

  ViT vit(ops);
  vit.to(device);

  torch::optim::AdamW optimizer(vit.parameters(), torch::optim::AdamWOptions(2e-3).weight_decay(0.01));

  const double untrained = evaluate(vit, test_images, test_targets, device);
  TrainState state;
  for (int epoch = 0; epoch < 4; epoch++) {
    train_epoch(vit, optimizer, train_images, train_targets, device, 16, 2, state);
    std::cout << "epoch " << epoch << ": loss " << state.last_loss << ", test micro-F1 "
              << evaluate(vit, test_images, test_targets, device) << std::endl;
  }

  std::cout << "optimizer steps: " << state.steps << std::endl;
  std::cout << "final loss: " << state.last_loss << std::endl;
  std::cout << "test micro-F1: " << evaluate(vit, test_images, test_targets, device)
            << " (untrained " << untrained << ")" << std::endl;
  return 0;
}
