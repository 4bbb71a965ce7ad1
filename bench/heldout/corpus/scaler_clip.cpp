// Gradient clipping with a GradScaler: before unscale_ (wrong threshold) and after it.
#include <torch/torch.h>
#include <ampify/amp.h>

void fit_clip_wrong(torch::nn::Sequential& model, torch::optim::AdamW& opt, const torch::Tensor& x,
                    const torch::Tensor& y, int steps) {
  ampify::GradScaler scaler;
  for (int i = 0; i < steps; ++i) {
    opt.zero_grad();
    torch::Tensor loss;
    {
      ampify::Autocast autocast;
      loss = torch::mse_loss(model->forward(x), y);
    }
    scaler.scale(loss).backward();
    torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0); // EXPECT: ampify-scaler-misuse
    scaler.step(opt);
    scaler.update();
  }
}

void fit_clip_right(torch::nn::Sequential& model, torch::optim::AdamW& opt, const torch::Tensor& x,
                    const torch::Tensor& y, int steps) {
  ampify::GradScaler scaler;
  for (int i = 0; i < steps; ++i) {
    opt.zero_grad();
    torch::Tensor loss;
    {
      ampify::Autocast autocast;
      loss = torch::mse_loss(model->forward(x), y);
    }
    scaler.scale(loss).backward();
    scaler.unscale_(opt);
    torch::nn::utils::clip_grad_value_(model->parameters(), 0.5);
    scaler.step(opt);
    scaler.update();
  }
}

void fit_no_scaler(torch::nn::Sequential& model, torch::optim::AdamW& opt, const torch::Tensor& x,
                   const torch::Tensor& y, int steps) {
  for (int i = 0; i < steps; ++i) {
    opt.zero_grad();
    auto loss = torch::mse_loss(model->forward(x), y);
    loss.backward();
    torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
    opt.step();
  }
}
