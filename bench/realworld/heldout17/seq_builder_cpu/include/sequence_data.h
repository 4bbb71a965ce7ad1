#ifndef CPP_TORCH_SEQUENCE_DATA_H
#define CPP_TORCH_SEQUENCE_DATA_H

#include <torch/torch.h>

#include <vector>

namespace cpp_torch {
namespace test {

// Multi-channel periodic series cut into (sequence_length -> out_sequence_length) windows.
class SeqenceData {
 public:
  int x_dim = 1;
  int y_dim = 1;
  int sequence_length = 10;
  int out_sequence_length = 1;
  int hidden_size = 32;
  int n_minibatch = 16;

  void Initialize(int num_series, int series_length, uint64_t seed);
  void get_train_data(std::vector<torch::Tensor> &images, std::vector<torch::Tensor> &labels) const;
  void get_test_data(std::vector<torch::Tensor> &images, std::vector<torch::Tensor> &labels) const;

 private:
  std::vector<torch::Tensor> train_x_, train_y_, test_x_, test_y_;
};

}  // namespace test
}  // namespace cpp_torch

#endif
