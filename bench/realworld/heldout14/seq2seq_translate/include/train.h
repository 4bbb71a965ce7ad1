#ifndef TRAIN_H_
#define TRAIN_H_

#include <utility>
#include <torch/torch.h>

#include "multi30k.h"
#include "seq2seq_transformer.h"

// {mean loss over the epoch, loss of the last batch}
std::pair<double, double> train_epoch(Seq2SeqTransformer& model, torch::optim::Adam& optimizer,
                                      torch::nn::CrossEntropyLoss& loss_fn, const torch::Device& device,
                                      const MULTI30KImpl& data, int64_t batch_size);

// {mean loss, token accuracy (teacher forcing, PAD ignored)}
std::pair<double, double> evaluate(Seq2SeqTransformer& model, torch::nn::CrossEntropyLoss& loss_fn,
                                   const torch::Device& device, const MULTI30KImpl& data, int64_t batch_size);

#endif  // TRAIN_H_
