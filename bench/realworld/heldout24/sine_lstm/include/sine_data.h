#pragma once
#include <torch/torch.h>
#include <utility>
#include <vector>

std::vector<float> generateSineWave(size_t samplesN, double frequency, double minVal, double maxVal,
                                    double phase);
torch::Tensor makeInputData(const std::vector<float>& vals);
// sequences: {seqs_batch, seq_len, feature}, targets: {seqs_batch, feature}
std::pair<torch::Tensor, torch::Tensor> createSequences(const torch::Tensor& data, int64_t seqLen);
float normalize(float val);
float denormalize(float val);
