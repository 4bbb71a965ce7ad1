// GAN training with one scaler and two optimizers: update() once per optimizer is wrong, once per
// iteration is right.
#include <torch/torch.h>
#include <ampify/amp.h>

namespace F = torch::nn::functional;

void gan_epoch_twice(torch::nn::Sequential& gen, torch::nn::Sequential& disc, torch::optim::Adam& g_opt,
                     torch::optim::Adam& d_opt, ampify::GradScaler& scaler, const torch::Tensor& real) {
  for (int i = 0; i < 100; ++i) {
    auto noise = torch::randn({real.size(0), 128});
    d_opt.zero_grad();
    torch::Tensor d_loss, fake;
    {
      ampify::Autocast autocast;
      fake = gen->forward(noise);
      d_loss = F::binary_cross_entropy_with_logits(disc->forward(real), torch::ones({real.size(0), 1})) +
               F::binary_cross_entropy_with_logits(disc->forward(fake.detach()), torch::zeros({real.size(0), 1}));
    }
    scaler.scale(d_loss).backward();
    scaler.step(d_opt);
    scaler.update();

    g_opt.zero_grad();
    torch::Tensor g_loss;
    {
      ampify::Autocast autocast;
      g_loss = F::binary_cross_entropy_with_logits(disc->forward(fake), torch::ones({real.size(0), 1}));
    }
    scaler.scale(g_loss).backward();
    scaler.step(g_opt);
    scaler.update(); // EXPECT: ampify-scaler-misuse
  }
}

void gan_epoch_once(torch::nn::Sequential& gen, torch::nn::Sequential& disc, torch::optim::Adam& g_opt,
                    torch::optim::Adam& d_opt, ampify::GradScaler& scaler, const torch::Tensor& real) {
  for (int i = 0; i < 100; ++i) {
    auto noise = torch::randn({real.size(0), 128});
    d_opt.zero_grad();
    torch::Tensor d_loss, fake;
    {
      ampify::Autocast autocast;
      fake = gen->forward(noise);
      d_loss = F::binary_cross_entropy_with_logits(disc->forward(real), torch::ones({real.size(0), 1})) +
               F::binary_cross_entropy_with_logits(disc->forward(fake.detach()), torch::zeros({real.size(0), 1}));
    }
    scaler.scale(d_loss).backward();
    scaler.step(d_opt);

    g_opt.zero_grad();
    torch::Tensor g_loss;
    {
      ampify::Autocast autocast;
      g_loss = F::binary_cross_entropy_with_logits(disc->forward(fake), torch::ones({real.size(0), 1}));
    }
    scaler.scale(g_loss).backward();
    scaler.step(g_opt);
    scaler.update();
  }
}
