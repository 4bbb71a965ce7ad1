#include "shapes_factory.hpp"

#include <limits>

ShapesFactory::ShapesFactory(const std::string& name, const size_t batch_size, const std::string& results_dir,
                             const size_t num_workers, const size_t train_length, const double learning_rate)
    : TaskFactory(name, batch_size, num_workers, results_dir, learning_rate),
      m_train_length(train_length) {}

torch::data::datasets::ShapesDataset ShapesFactory::make_dataset() {
    return torch::data::datasets::ShapesDataset(m_train_length, /*seed=*/1);
}

torch::nn::AnyModule ShapesFactory::make_model() {
    std::array<int64_t, 3> layers{1, 1, 1};
    return torch::nn::AnyModule(ResNet(layers, m_num_classes, m_head_hidden));
}

std::unique_ptr<torch::optim::Optimizer> ShapesFactory::make_optimizer(torch::nn::AnyModule model) {
    return std::make_unique<torch::optim::SGD>(
        model.ptr()->parameters(),
        torch::optim::SGDOptions(learning_rate()).momentum(0.9).weight_decay(5e-4));
}

std::function<torch::Tensor(torch::Tensor, torch::Tensor)> ShapesFactory::make_loss_function() {
    // the padding logits (shapes 6 and 7 do not exist) must never win the softmax
    auto padding = torch::arange(m_num_classes) >= torch::data::datasets::ShapesDataset::kNumShapes;
    auto loss_function = [padding](torch::Tensor input, torch::Tensor target) -> torch::Tensor {
        auto logits = input.masked_fill(padding.to(input.device()), std::numeric_limits<float>::lowest());
        return torch::nn::functional::cross_entropy(logits, target);
    };

    return loss_function;
}
