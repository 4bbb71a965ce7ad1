#pragma once

#include <string>
#include <vector>

#include "transformer.h"

class ModelTrainer {
 public:
  ModelTrainer(int num_epochs, int64_t batch_size, double lr);
  // Returns the mean loss of the last epoch.
  double train(Transformer& model, const std::vector<std::string>& src_sentences,
               const std::vector<std::string>& trg_sentences, const std::string& test_sentence);

 private:
  int num_epochs_;
  int64_t batch_size_;
  double lr_;
};

double char_accuracy(Transformer& model, const std::vector<std::string>& src,
                     const std::vector<std::string>& trg);
