#include "model.h"

int main() {
  torch::Device device(torch::kCUDA);
  Net model;
  model->to(device);
  torch::nn::Linear head(64, 64);
  head->to(device);
  torch::optim::SGD optimizer(model->parameters(), 0.01);
  auto x = torch::randn({8, 64}).to(device);
  auto y = torch::rand({8, 64}).to(device);
  auto mask = torch::zeros({8, 64}, torch::kBool).to(device);
  for (int step = 0; step < 10; ++step) {
    optimizer.zero_grad();
    auto scores = model->forward(x, mask);
    auto logits = head(x);
    std::vector<torch::Tensor> heads = {scores, logits};
    std::vector<torch::Tensor> fp32_heads = {logits.to(torch::kFloat)};
    auto loss = log_loss(scores, y) + margin_loss(logits, y) + calibration_loss(logits.to(torch::kFloat), y) +
                box_loss(logits, y) + quiet_box_loss(logits.to(torch::kFloat), y) +
                penalty_loss(select_columns(scores), y) + quiet_penalty_loss(select_columns(logits.to(torch::kFloat)), y) +
                detection_loss(heads, y) + quiet_detection_loss(fp32_heads, y);
    loss.backward();
    optimizer.step();
  }
  auto last = report_loss(model->forward(x, mask), y);
  return last.size(0) == 1 ? 0 : 1;
}
