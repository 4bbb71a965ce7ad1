// A model variable of the surrogate (after surrogate_library/include/model_variable.h): the
// samples captured from the original function, and the tensors of one inference.
#pragma once

#include <torch/torch.h>

#include <string>
#include <vector>

namespace phasm {

struct ModelVariable {
    std::string name;
    std::vector<int64_t> m_shape;
    std::vector<torch::Tensor> training_inputs;
    std::vector<torch::Tensor> training_outputs;
    torch::Tensor inference_input;
    torch::Tensor inference_output;

    ModelVariable(std::string n, std::vector<int64_t> shape) : name(std::move(n)), m_shape(std::move(shape)) {}

    const std::vector<int64_t>& shape() const { return m_shape; }
};

} // namespace phasm
