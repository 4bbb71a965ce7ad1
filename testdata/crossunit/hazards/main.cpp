#include "model.h"

#include <ampify/amp.h>

torch::Tensor infer(Scorer &model, torch::Tensor q) {
  torch::NoGradGuard no_grad;
  ampify::Autocast autocast;
  return model(q);
}

torch::Tensor evaluate_on_cpu(torch::Tensor q, torch::Tensor k) {
  ampify::Autocast cpu(c10::kCPU);
  return evaluate(q, k);
}

int main() {
  torch::Device device(torch::kCUDA);
  Scorer model;
  std::shared_ptr<Policy> policy = std::make_shared<MaskedPolicy>();
  model->to(device);
  torch::optim::SGD optimizer(model->parameters(), 0.01);
  auto q = torch::randn({8, 64}).to(device);
  auto k = torch::randn({8, 64}).to(device);
  auto mask = torch::zeros({8, 8}, torch::kBool).to(device);
  auto before = evaluate(q, k) + evaluate_on_cpu(q, k);
  Baseline baseline(q, mask);
  for (int step = 0; step < 10; ++step) {
    optimizer.zero_grad();
    auto out = model->forward(q);
    auto shifted = out.masked_fill(mask, -1e9); // CROSS-EXPECT: constant -1e+09 overflows fp16
    auto weights = probabilities(q, k).masked_fill(mask, -1e9);
    auto attended = attention(q, k, mask);
    auto [pair_scores, pair_log_probs] = split_scores(q, k);
    auto pair_masked = pair_scores.masked_fill(mask, -1e9); // CROSS-EXPECT: constant -1e+09 overflows fp16
    auto pair_fp32 = pair_log_probs.masked_fill(mask, -1e9);
    Scored scored = score(q, k);
    auto struct_masked = scored.scores.masked_fill(mask, -1e9); // CROSS-EXPECT: constant -1e+09 overflows fp16
    auto struct_fp32 = scored.log_probs.masked_fill(mask, -1e9);
    auto nll = poisson_nll(std::get<0>(split_scores(q, k)), q);
    auto nll_fp32 = poisson_nll(std::get<1>(split_scores(q, k)), q);
    auto acted = policy->act(q);
    MaskedChoice choice(torch::matmul(q, k.t()), mask);
    auto loss = acted.mean() + out.mean() + attended.mean() + shifted.mean() + weights.mean() + pair_masked.mean() +
                pair_fp32.mean() + struct_masked.mean() + struct_fp32.mean() + nll + nll_fp32 + choice.probs.mean() +
                baseline.value;
    loss.backward();
    optimizer.step();
  }
  return infer(model, q).size(0) + policy->explore(q).size(0) == 16 ? 0 : 1;
}
