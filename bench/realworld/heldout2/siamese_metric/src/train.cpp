#include "train.h"

#include <iostream>
#include <tuple>

namespace {

// Pairs of points drawn around random cluster centres; `same` is 1 when both come from one cluster.
std::tuple<torch::Tensor, torch::Tensor, torch::Tensor> sample_pairs(const torch::Tensor &centers,
                                                                      int64_t num_pairs) {
  auto options = torch::TensorOptions().dtype(torch::kLong).device(centers.device());
  auto first = torch::randint(centers.size(0), {num_pairs}, options);
  auto flip = torch::randint(2, {num_pairs}, options);
  auto other = torch::randint(centers.size(0), {num_pairs}, options);
  auto second = torch::where(flip.eq(1), first, other);
  auto noise_a = 0.3 * torch::randn({num_pairs, centers.size(1)}, centers.options());
  auto noise_b = 0.3 * torch::randn({num_pairs, centers.size(1)}, centers.options());
  auto a = centers.index_select(0, first) + noise_a;
  auto b = centers.index_select(0, second) + noise_b;
  auto same = first.eq(second).to(centers.dtype());
  return {a, b, same};
}

}  // namespace

double train(EmbedNet &model, torch::Device device, const TrainConfig &config) {
  model->to(device);
  torch::optim::AdamW optimizer(model->parameters(),
                                torch::optim::AdamWOptions(config.learning_rate).weight_decay(1e-2));
  torch::optim::StepLR scheduler(optimizer, /*step_size=*/20, /*gamma=*/0.5);
  auto centers = torch::randn({config.num_clusters, model->options_.in_dim}).to(device);

  double logged = 0.0;
  optimizer.zero_grad();
  for (int64_t step = 0; step < config.num_steps; ++step) {
    torch::Tensor a, b, same;
    std::tie(a, b, same) = sample_pairs(centers, config.pairs_per_batch);
    auto ea = model->forward(a);
    auto eb = model->forward(b);
    auto dist = (ea - eb).pow(2).sum(1);
    auto contrastive = same * dist + (1 - same) * torch::relu(config.margin - dist);
    auto loss = contrastive.mean() / static_cast<double>(config.accumulation_steps);
    loss.backward();

    if ((step + 1) % config.accumulation_steps == 0) {
      torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
      optimizer.step();
      optimizer.zero_grad();
      scheduler.step();
      logged = loss.item<double>() * static_cast<double>(config.accumulation_steps);
      std::cout << "step " << step + 1 << " loss " << logged << std::endl;
    }
  }
  return logged;
}
