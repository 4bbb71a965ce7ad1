#pragma once

#include <iostream>
#include <memory>
#include <string>

#include "resnet.hpp"
#include "shapes_dataset.hpp"
#include "task_factory.hpp"

using TaskFactory = torch::train::TaskFactory<torch::data::datasets::ShapesDataset,
                                              torch::data::samplers::RandomSampler>;

using ResNet = torch::nn::ResNet<torch::nn::ResidualBlock>;

class ShapesFactory : public TaskFactory {
   public:
    ShapesFactory(const std::string& name, const size_t batch_size, const std::string& results_dir,
                  const size_t num_workers, const size_t train_length, const double learning_rate);

    torch::data::datasets::ShapesDataset make_dataset() override;

    torch::nn::AnyModule make_model() override;

    std::unique_ptr<torch::optim::Optimizer> make_optimizer(torch::nn::AnyModule model) override;

    std::function<torch::Tensor(torch::Tensor, torch::Tensor)> make_loss_function() override;

    int64_t num_classes() const { return m_num_classes; }

   private:
    size_t m_train_length;
    // the head is padded to 8 logits; the two past the six shapes are never targets
    int64_t m_num_classes{8};
    int64_t m_head_hidden{100};
};
