#include <torch/torch.h>

#include <cstdlib>
#include <iostream>

#include "arguments.h"
#include "data.h"
#include "gan_config.h"
#include "models.h"
#include "trainer.h"

int main(int argc, const char* argv[]) {
  torch::manual_seed(7);

  // batch_size, data_dim, num_classes, nz, ngf, num_epochs, lr, beta1
  Arguments args = Arguments(50, kDataDim, kNumClasses, 100, 128, 5, 1e-3, 0.5);
  if (argc > 1) {
    args.ngf = std::atoll(argv[1]);
  }

  torch::Device device = torch::kCPU;
  if (torch::cuda::is_available()) {
    device = torch::kCUDA;
  }
  std::cout << "Using device: " << device << std::endl;

  GanData data = make_blobs(kNumSamples, args.data_dim, args.num_classes);

  Generator g = Generator(args.nz, args.num_classes, args.ngf, args.data_dim);
  Discriminator d = Discriminator();
  torch::nn::Sequential netG = g.main_func();
  torch::nn::Sequential netD = d.main_func();
  netG->to(device);
  netD->to(device);

  torch::optim::Adam optimizerG(netG->parameters(),
                                torch::optim::AdamOptions(args.lr).betas({args.beta1, 0.999}));
  torch::optim::Adam optimizerD(netD->parameters(),
                                torch::optim::AdamOptions(args.lr).betas({args.beta1, 0.999}));

  GanLosses last = train_gan(g, d, optimizerG, optimizerD, data, args, device);

  // Test: condition the generator on every class and check which centroid the
  // samples land next to.
  netG->eval();
  torch::NoGradGuard no_grad;
  auto labels = torch::arange(args.num_classes, torch::kLong).repeat_interleave(kEvalPerClass);
  auto noise = torch::randn({labels.size(0), args.nz});
  auto generated = netG->forward(condition(noise.to(device), labels.to(device), args.num_classes));
  double accuracy = conditional_accuracy(generated.to(torch::kCPU), labels, data.centroids);

  std::cout << "final loss: " << last.g_loss << " (generator), " << last.d_loss
            << " (discriminator)" << std::endl;
  std::cout << "test conditional accuracy: " << accuracy << std::endl;
  return 0;
}
