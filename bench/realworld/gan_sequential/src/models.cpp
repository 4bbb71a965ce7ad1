#include "models.h"

torch::nn::Sequential make_generator(int64_t latent_size, int64_t hidden_size, int64_t image_size) {
  return torch::nn::Sequential(torch::nn::Linear(latent_size, hidden_size), torch::nn::ReLU(),
                               torch::nn::Linear(hidden_size, hidden_size), torch::nn::ReLU(),
                               torch::nn::Linear(hidden_size, image_size), torch::nn::Tanh());
}

torch::nn::Sequential make_discriminator(int64_t image_size, int64_t hidden_size) {
  return torch::nn::Sequential(torch::nn::Linear(image_size, hidden_size), torch::nn::LeakyReLU(),
                               torch::nn::Linear(hidden_size, hidden_size), torch::nn::LeakyReLU(),
                               torch::nn::Linear(hidden_size, 1), torch::nn::Sigmoid());
}
