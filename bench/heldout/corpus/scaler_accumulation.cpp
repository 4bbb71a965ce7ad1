// Gradient accumulation with a scaler: step and update every `accum` micro-batches (correct),
// and a hand-written dynamic loss scaler used in the wrong order.
#include <torch/torch.h>
#include <ampify/amp.h>

void train_accumulate(torch::nn::Sequential& model, torch::optim::SGD& opt,
                      const std::vector<torch::Tensor>& xs, const std::vector<torch::Tensor>& ys, int accum) {
  ampify::GradScaler scaler;
  opt.zero_grad();
  for (size_t i = 0; i < xs.size(); ++i) {
    torch::Tensor loss;
    {
      ampify::Autocast autocast;
      loss = torch::mse_loss(model->forward(xs[i]), ys[i]) / accum;
    }
    scaler.scale(loss).backward();
    if ((i + 1) % accum == 0) {
      scaler.unscale_(opt);
      torch::nn::utils::clip_grad_norm_(model->parameters(), 5.0);
      scaler.step(opt);
      scaler.update();
      opt.zero_grad();
    }
  }
}

class DynamicLossScaler {
 public:
  torch::Tensor scale(const torch::Tensor& loss) { return loss * factor_; }
  void unscale_(torch::optim::Optimizer& opt) {
    for (auto& group : opt.param_groups())
      for (auto& p : group.params())
        if (p.grad().defined()) p.mutable_grad().div_(factor_);
  }
  void step(torch::optim::Optimizer& opt) { opt.step(); }
  void update() { factor_ = std::min(factor_ * 2.0, 65536.0); }

 private:
  double factor_ = 1024.0;
};

void train_handwritten(torch::nn::Sequential& model, torch::optim::SGD& opt, const torch::Tensor& x,
                       const torch::Tensor& y) {
  DynamicLossScaler scaler;
  for (int i = 0; i < 100; ++i) {
    opt.zero_grad();
    torch::Tensor loss;
    {
      ampify::Autocast autocast;
      loss = torch::mse_loss(model->forward(x), y);
    }
    scaler.scale(loss).backward();
    torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0); // EXPECT: ampify-scaler-misuse
    scaler.unscale_(opt);
    scaler.step(opt);
    scaler.update();
  }
}
