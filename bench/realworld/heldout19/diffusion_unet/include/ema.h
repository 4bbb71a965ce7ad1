#pragma once
#include <torch/torch.h>

#include <memory>

void update_average(std::shared_ptr<torch::nn::Module> model_tgt, std::shared_ptr<torch::nn::Module> model_src,
                    double beta);
