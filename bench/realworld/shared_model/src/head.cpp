#include "head.h"

torch::nn::Sequential make_head(int64_t width, int64_t outputs) {
  return torch::nn::Sequential(torch::nn::Linear(width, width), torch::nn::ReLU(), torch::nn::Linear(width, outputs));
}
