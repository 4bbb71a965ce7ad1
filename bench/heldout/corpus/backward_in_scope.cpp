// Loops that keep the autocast scope open across backward, and the correct form.
#include <torch/torch.h>
#include <ampify/amp.h>

void train_epoch_bad(torch::nn::Sequential& model, torch::optim::SGD& opt, ampify::GradScaler& scaler,
                     const std::vector<std::pair<torch::Tensor, torch::Tensor>>& batches) {
  for (const auto& batch : batches) {
    opt.zero_grad();
    ampify::Autocast autocast;
    auto out = model->forward(batch.first);
    auto loss = torch::nn::functional::cross_entropy(out, batch.second);
    scaler.scale(loss).backward(); // EXPECT: ampify-backward-in-autocast
    scaler.step(opt);
    scaler.update();
  }
}

void train_epoch_good(torch::nn::Sequential& model, torch::optim::SGD& opt, ampify::GradScaler& scaler,
                      const std::vector<std::pair<torch::Tensor, torch::Tensor>>& batches) {
  for (const auto& batch : batches) {
    opt.zero_grad();
    torch::Tensor loss;
    {
      ampify::Autocast autocast;
      auto out = model->forward(batch.first);
      loss = torch::nn::functional::cross_entropy(out, batch.second);
    }
    scaler.scale(loss).backward();
    scaler.step(opt);
    scaler.update();
  }
}

void train_epoch_exit(torch::nn::Sequential& model, torch::optim::SGD& opt, ampify::GradScaler& scaler,
                      const std::vector<std::pair<torch::Tensor, torch::Tensor>>& batches) {
  for (const auto& batch : batches) {
    opt.zero_grad();
    ampify::Autocast autocast(c10::kCUDA);
    auto out = model->forward(batch.first);
    auto loss = torch::nn::functional::cross_entropy(out, batch.second);
    autocast.exit();
    scaler.scale(loss).backward();
    scaler.step(opt);
    scaler.update();
  }
}
