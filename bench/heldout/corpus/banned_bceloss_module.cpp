// DCGAN-style discriminator ending in Sigmoid, trained with a BCELoss module inside an
// ampify::Autocast scope: BCELoss raises under CUDA autocast.
#include <torch/torch.h>
#include <ampify/amp.h>

using namespace torch;

nn::Sequential make_discriminator() {
  return nn::Sequential(
      nn::Conv2d(nn::Conv2dOptions(1, 64, 4).stride(2).padding(1).bias(false)),
      nn::LeakyReLU(nn::LeakyReLUOptions().negative_slope(0.2)),
      nn::Conv2d(nn::Conv2dOptions(64, 128, 4).stride(2).padding(1).bias(false)),
      nn::BatchNorm2d(128),
      nn::LeakyReLU(nn::LeakyReLUOptions().negative_slope(0.2)),
      nn::Conv2d(nn::Conv2dOptions(128, 1, 7).stride(1).padding(0).bias(false)),
      nn::Sigmoid());
}

void train_discriminator(nn::Sequential& disc, optim::Adam& opt, ampify::GradScaler& scaler,
                         const Tensor& real, const Tensor& fake) {
  nn::BCELoss criterion;
  opt.zero_grad();
  Tensor loss;
  {
    ampify::Autocast autocast;
    auto real_out = disc->forward(real).view(-1);
    auto fake_out = disc->forward(fake.detach()).view(-1);
    auto real_loss = criterion(real_out, torch::ones_like(real_out)); // EXPECT: ampify-banned-under-autocast
    auto fake_loss = criterion->forward(fake_out, torch::zeros_like(fake_out)); // EXPECT: ampify-banned-under-autocast
    loss = real_loss + fake_loss;
  }
  scaler.scale(loss).backward();
  scaler.step(opt);
  scaler.update();
}

// The fixed variant: logits out of the discriminator, BCEWithLogitsLoss under autocast.
void train_discriminator_logits(nn::Sequential& disc_logits, optim::Adam& opt,
                                ampify::GradScaler& scaler, const Tensor& real, const Tensor& fake) {
  nn::BCEWithLogitsLoss criterion;
  opt.zero_grad();
  Tensor loss;
  {
    ampify::Autocast autocast;
    auto real_out = disc_logits->forward(real).view(-1);
    auto fake_out = disc_logits->forward(fake.detach()).view(-1);
    loss = criterion(real_out, torch::ones_like(real_out)) +
           criterion(fake_out, torch::zeros_like(fake_out));
  }
  scaler.scale(loss).backward();
  scaler.step(opt);
  scaler.update();
}
