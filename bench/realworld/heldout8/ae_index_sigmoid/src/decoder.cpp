#include "decoder.h"

torch::nn::Sequential make_decoder(int64_t code_size, int64_t first_hidden, int64_t second_hidden,
                                   int64_t out_dim) {
  return torch::nn::Sequential(torch::nn::Linear(code_size, first_hidden),
                               torch::nn::ReLU(),
                               torch::nn::Linear(first_hidden, second_hidden),
                               torch::nn::ReLU(),
                               torch::nn::Linear(second_hidden, out_dim),
                               torch::nn::Sigmoid());
}
