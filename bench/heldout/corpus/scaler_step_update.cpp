// A trainer class with a scaler member: direct optimizer.step() after a scaled backward, and a
// scaler.step() with no update().
#include <torch/torch.h>
#include <ampify/amp.h>

class Trainer {
 public:
  Trainer(torch::nn::Sequential model, double lr)
      : model_(std::move(model)), opt_(model_->parameters(), torch::optim::SGDOptions(lr)) {}

  void epoch_direct_step(const torch::Tensor& x, const torch::Tensor& y) {
    for (int64_t i = 0; i < x.size(0); i += 32) {
      opt_.zero_grad();
      torch::Tensor loss;
      {
        ampify::Autocast autocast;
        loss = torch::nn::functional::cross_entropy(model_->forward(x.slice(0, i, i + 32)), y.slice(0, i, i + 32));
      }
      scaler_.scale(loss).backward();
      opt_.step(); // EXPECT: ampify-scaler-misuse
    }
  }

  void epoch_no_update(const torch::Tensor& x, const torch::Tensor& y) {
    for (int64_t i = 0; i < x.size(0); i += 32) {
      opt_.zero_grad();
      torch::Tensor loss;
      {
        ampify::Autocast autocast;
        loss = torch::nn::functional::cross_entropy(model_->forward(x.slice(0, i, i + 32)), y.slice(0, i, i + 32));
      }
      scaler_.scale(loss).backward();
      scaler_.step(opt_); // EXPECT: ampify-scaler-misuse
    }
  }

  void epoch_correct(const torch::Tensor& x, const torch::Tensor& y) {
    for (int64_t i = 0; i < x.size(0); i += 32) {
      opt_.zero_grad();
      torch::Tensor loss;
      {
        ampify::Autocast autocast;
        loss = torch::nn::functional::cross_entropy(model_->forward(x.slice(0, i, i + 32)), y.slice(0, i, i + 32));
      }
      scaler_.scale(loss).backward();
      scaler_.step(opt_);
      scaler_.update();
    }
  }

 private:
  torch::nn::Sequential model_;
  torch::optim::SGD opt_;
  ampify::GradScaler scaler_;
};
