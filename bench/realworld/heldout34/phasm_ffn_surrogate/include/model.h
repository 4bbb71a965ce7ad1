// Model base class (after surrogate_library/include/model.h): inputs and outputs, capture count.
#pragma once

#include <torch/torch.h>

#include <memory>
#include <string>
#include <vector>

#include "model_variable.h"

namespace phasm {

class Model {
protected:
    std::vector<std::shared_ptr<ModelVariable>> inputs;
    std::vector<std::shared_ptr<ModelVariable>> outputs;
    size_t m_captured_rows = 0;

public:
    virtual ~Model() = default;

    void add_input(const std::string& name, std::vector<int64_t> shape);
    void add_output(const std::string& name, std::vector<int64_t> shape);

    // Stores one sample: one tensor per input and one per output, in declaration order.
    void capture(const std::vector<torch::Tensor>& ins, const std::vector<torch::Tensor>& outs);
    size_t get_capture_count() const { return m_captured_rows; }

    virtual void initialize() = 0;
    virtual void train_from_captures() = 0;
    virtual torch::Tensor infer(const std::vector<torch::Tensor>& ins) = 0;
    virtual void finalize();
};

} // namespace phasm
