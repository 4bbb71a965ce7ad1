#include "trainer.hpp"
#include "shapes_dataset.hpp"
#include "module_utils.hpp"

#include <iomanip>
#include <iostream>

namespace torch {

template <typename Dataset, typename Sampler>
Trainer<Dataset, Sampler>::Trainer(
    torch::Device device, torch::nn::AnyModule model,
    std::unique_ptr<torch::data::StatelessDataLoader<Dataset, Sampler>> ptr_dataloader,
    std::unique_ptr<torch::optim::Optimizer> ptr_optimizer,
    std::function<torch::Tensor(torch::Tensor, torch::Tensor)> loss_function,
    std::function<ExampleType(std::vector<ExampleType>)> collate_function,
    size_t accumulation_steps)
    : device(device),
      model(model),
      ptr_dataloader(std::move(ptr_dataloader)),
      ptr_optimizer(std::move(ptr_optimizer)),
      loss_function(loss_function),
      collate_function(collate_function),
      accumulation_steps(accumulation_steps) {}

template <typename Dataset, typename Sampler>
void Trainer<Dataset, Sampler>::train(size_t epochs) {
    std::cout << std::fixed << std::setprecision(4);
    std::cout << "Start training for " << epochs << " epochs on device " << device.str() << std::endl;

    // Get the underlying ptr pointing to the torch::nn::Module
    std::shared_ptr<torch::nn::Module> ptr_model = model.ptr();
    ptr_model->train();
    ptr_model->to(device, /*non_blocking*/ true);

    size_t step = 0;
    for (size_t epoch = 0; epoch < epochs; epoch++) {
        double running_loss = 0.0;
        size_t batches = 0;

        for (auto& batch : *ptr_dataloader) {
            ExampleType collated_batch = collate_function(batch);
            auto data = collated_batch.data.to(device);
            auto target = collated_batch.target.to(device);
            auto data_chunks = data.chunk(accumulation_steps);
            auto target_chunks = target.chunk(accumulation_steps);

            ptr_optimizer->zero_grad();
            for (size_t k = 0; k < data_chunks.size(); k++) {
                // Forward pass
                auto output = model.forward(data_chunks[k]);

                // Compute loss, averaged over the micro-batches
                auto loss = loss_function(output, target_chunks[k]) / static_cast<double>(data_chunks.size());

                // Backward pass: the gradients add up
                loss.backward();
                running_loss += loss.item<double>();
            }
            // Update weights
            ptr_optimizer->step();

            step++;
            batches++;
        }
        m_last_loss = running_loss / batches;
        std::cout << "Epoch " << epoch << " finished, mean loss " << m_last_loss << " (" << step << " steps)" << std::endl;
    }
}

// This is a bit annoying, should we only keep trainer.hpp.
template class Trainer<torch::data::datasets::ShapesDataset, torch::data::samplers::RandomSampler>;
}  // namespace torch
