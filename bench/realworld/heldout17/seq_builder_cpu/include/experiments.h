#ifndef CPP_TORCH_EXPERIMENTS_H
#define CPP_TORCH_EXPERIMENTS_H

#include <torch/torch.h>

#include "sequence_data.h"

struct ExperimentResult {
  float first_loss = 0.0f;   // loss of the untrained model on the test set
  float final_loss = 0.0f;   // mean training loss of the last epoch
  float test_metric = 0.0f;  // MSE (sequence) or accuracy (glyphs)
  float untrained_metric = 0.0f;
};

ExperimentResult learning_and_test_rnn_dataset(cpp_torch::test::SeqenceData &seqence_data,
                                               torch::Device device);
ExperimentResult learning_and_test_glyph_dataset(torch::Device device);

#endif
