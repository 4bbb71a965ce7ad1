// A GAN with two optimizers and BCE-with-logits on a seeded synthetic distribution, trained in
// plain fp32.
#include "example_report.h"

struct GeneratorImpl : torch::nn::Module {
  GeneratorImpl(int64_t noise, int64_t hidden, int64_t out) {
    net = register_module("net", torch::nn::Sequential(
        torch::nn::Linear(noise, hidden), torch::nn::ReLU(), torch::nn::Linear(hidden, hidden),
        torch::nn::ReLU(), torch::nn::Linear(hidden, out)));
  }
  torch::Tensor forward(torch::Tensor z) { return net->forward(z); }
  torch::nn::Sequential net{nullptr};
};
TORCH_MODULE(Generator);

struct DiscriminatorImpl : torch::nn::Module {
  DiscriminatorImpl(int64_t in, int64_t hidden) {
    net = register_module("net", torch::nn::Sequential(
        torch::nn::Linear(in, hidden), torch::nn::LeakyReLU(torch::nn::LeakyReLUOptions().negative_slope(0.2)),
        torch::nn::Linear(hidden, hidden), torch::nn::LeakyReLU(torch::nn::LeakyReLUOptions().negative_slope(0.2)),
        torch::nn::Linear(hidden, 1)));
  }
  torch::Tensor forward(torch::Tensor x) { return net->forward(x); }
  torch::nn::Sequential net{nullptr};
};
TORCH_MODULE(Discriminator);

int main(int argc, char **argv) {
  auto config = example::parse(argc, argv);
  torch::manual_seed(0);
  const int64_t batch = 2048, noise = 128, data = 1024, hidden = 2048;
  // "Real" data: a fixed random linear map of low-dimensional gaussians.
  auto mixing = torch::randn({32, data}, config.device) / 4.0;
  Generator generator(noise, hidden, data);
  Discriminator discriminator(data, hidden);
  generator->to(config.device);
  discriminator->to(config.device);
  torch::optim::Adam gen_opt(generator->parameters(), torch::optim::AdamOptions(1e-4).betas({0.5, 0.999}));
  torch::optim::Adam disc_opt(discriminator->parameters(), torch::optim::AdamOptions(1e-4).betas({0.5, 0.999}));
  example::Report report(config);

  for (int step = 0; step < config.steps; ++step) {
    auto real = torch::matmul(torch::randn({batch, 32}, config.device), mixing);
    auto ones = torch::ones({batch, 1}, config.device);
    auto zeros = torch::zeros({batch, 1}, config.device);

    disc_opt.zero_grad();
    auto fake = generator->forward(torch::randn({batch, noise}, config.device));
    auto d_loss = torch::binary_cross_entropy_with_logits(discriminator->forward(real), ones) +
                  torch::binary_cross_entropy_with_logits(discriminator->forward(fake.detach()), zeros);
    d_loss.backward();
    disc_opt.step();

    gen_opt.zero_grad();
    auto g_loss = torch::binary_cross_entropy_with_logits(discriminator->forward(fake), ones);
    g_loss.backward();
    gen_opt.step();
    report.step(d_loss + g_loss);
  }
  report.write();
}
