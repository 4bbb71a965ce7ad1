// training.h
// Chapter 5: pretraining on unlabeled data (listings 5-2, 5-3).
#pragma once

#include <torch/torch.h>

#include <utility>
#include <vector>

#include "dataloader.h"
#include "gpt/gpt.h"

namespace ch5 {

torch::Tensor calc_loss_batch(const torch::Tensor& input_batch, const torch::Tensor& target_batch,
                              ch4::GPTModel& model, torch::Device device);

double calc_loss_loader(ch4::GPTModel& model, const std::vector<ch2::GPTBatch>& loader,
                        torch::Device device, int64_t num_batches = -1);

std::pair<double, double> evaluate_model(ch4::GPTModel& model,
                                         const std::vector<ch2::GPTBatch>& train_loader,
                                         const std::vector<ch2::GPTBatch>& val_loader,
                                         torch::Device device, int64_t eval_iter);

// next-token accuracy over a loader
double calc_accuracy_loader(ch4::GPTModel& model, const std::vector<ch2::GPTBatch>& loader,
                            torch::Device device);

// returns the loss of the last batch
double train_model_simple(ch4::GPTModel& model, const std::vector<ch2::GPTBatch>& train_loader,
                          const std::vector<ch2::GPTBatch>& val_loader,
                          torch::optim::AdamW& optimizer, torch::Device device,
                          int64_t num_epochs, int64_t eval_freq, int64_t eval_iter);

}  // namespace ch5
