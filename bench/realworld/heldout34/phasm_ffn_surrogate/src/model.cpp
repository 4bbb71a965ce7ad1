#include "model.h"

void phasm::Model::add_input(const std::string& name, std::vector<int64_t> shape) {
    inputs.push_back(std::make_shared<ModelVariable>(name, std::move(shape)));
}

void phasm::Model::add_output(const std::string& name, std::vector<int64_t> shape) {
    outputs.push_back(std::make_shared<ModelVariable>(name, std::move(shape)));
}

void phasm::Model::capture(const std::vector<torch::Tensor>& ins, const std::vector<torch::Tensor>& outs) {
    for (size_t i = 0; i < inputs.size(); ++i) {
        inputs[i]->training_inputs.push_back(ins[i]);
    }
    for (size_t i = 0; i < outputs.size(); ++i) {
        outputs[i]->training_outputs.push_back(outs[i]);
    }
    m_captured_rows += 1;
}

void phasm::Model::finalize() {
    // The toolkit flushes captures and metrics here; nothing to release in this program.
}
