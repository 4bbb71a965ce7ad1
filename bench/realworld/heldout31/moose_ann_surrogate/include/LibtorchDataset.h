// A dataset of known input-output pairs held as two double tensors, the shape
// of MOOSE's Moose::LibtorchDataset (its header was not read for this corpus).
#pragma once

#include <torch/torch.h>

namespace Moose
{

class LibtorchDataset : public torch::data::datasets::Dataset<LibtorchDataset>
{
public:
  LibtorchDataset(torch::Tensor dt, torch::Tensor rt) : _data_tensor(dt), _response_tensor(rt) {}

  /// Return the data point with the given index
  torch::data::Example<> get(size_t index) override
  {
    return {_data_tensor[index], _response_tensor[index]};
  }

  /// The number of known input-output pairs
  torch::optional<size_t> size() const override { return _response_tensor.sizes()[0]; }

private:
  torch::Tensor _data_tensor;
  torch::Tensor _response_tensor;
};

}
