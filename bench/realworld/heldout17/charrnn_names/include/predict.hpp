#ifndef _PREDICT_H
#define _PREDICT_H

#include <torch/torch.h>

#include <string>
#include <vector>

#include "model.hpp"

// Prints the n_predictions most likely languages of one name.
void predict(const std::string &line, int n_predictions, RNN &rnn, torch::Device device);

// Language and gender accuracy on a set of names.
std::pair<float, float> evaluate(RNN &rnn, torch::Device device, const std::vector<std::string> &lines,
								 const std::vector<int> &categories, const std::vector<int> &genders);

#endif // !_PREDICT_H
