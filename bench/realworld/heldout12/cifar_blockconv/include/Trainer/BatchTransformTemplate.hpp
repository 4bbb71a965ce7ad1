//
// Collates a batch of examples into one example of stacked tensors.
//

#ifndef LIBTORCHPLAYGROUND_TRAINER_UTILITIES_BATCHTRANSFORMTEMPLATE_HPP_
#define LIBTORCHPLAYGROUND_TRAINER_UTILITIES_BATCHTRANSFORMTEMPLATE_HPP_

#include <torch/torch.h>
#include <vector>

template<typename BatchType, typename ReturnType>
class BatchTransformTemplate : public torch::data::transforms::Collation<ReturnType, BatchType> {
 public:
  ReturnType apply_batch(BatchType data) override {
    std::vector<torch::Tensor> dataVector, targetVector;
    dataVector.reserve(data.size());
    targetVector.reserve(data.size());
    for (auto &example : data) {
      dataVector.push_back(std::move(example.data));
      targetVector.push_back(std::move(example.target));
    }
    return {torch::stack(dataVector), torch::stack(targetVector)};
  }
};

#endif//LIBTORCHPLAYGROUND_TRAINER_UTILITIES_BATCHTRANSFORMTEMPLATE_HPP_
