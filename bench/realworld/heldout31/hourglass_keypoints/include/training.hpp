#include <torch/torch.h>

#include "hourglass.hpp"
#include "dataload.hpp"
#include "training_options.hpp"

#include <vector>
#include <cmath>
#include <iostream>
#include <numeric>

using namespace torch;

#pragma once

inline torch::Tensor intermediate_supervision(std::vector<torch::Tensor>& output, torch::Tensor& labels) {
    
    std::vector<torch::Tensor> losses;

    for (auto &level_output : output)
    {
        losses.push_back(torch::mse_loss(level_output, labels));
    }

    torch::Tensor loss = losses[0];
    for (int i = 1; i < losses.size(); i++)
    {
        loss += losses[i];
    }

    return loss;
};

template <class T>
inline float train_hourglass(StackedHourglass &hourglass, T &data_set, torch::Device device, training_options& options)
{
    if (options.load_weights) {
        load_weights(hourglass,options.load_weight_path);
    }
    hourglass->to(device);
    hourglass->train();

    const int64_t batches_per_epoch = std::ceil(data_set.size().value() / static_cast<double>(options.batch_size));

    auto data_loader = torch::data::make_data_loader<torch::data::samplers::SequentialSampler>(
        std::move(data_set),
        options.batch_size);

    std::vector<float> all_losses;

    torch::optim::Adam optimizer(
        hourglass->parameters(), torch::optim::AdamOptions(options.learning_rate).weight_decay(5e-4));

    std::cout << "Beginning Training for " << options.epochs << " Epochs" << std::endl;

    float epoch_mean = 0.0f;
    for (int64_t epoch = 1; epoch <= options.epochs; ++epoch)
    {
        int64_t batch_index = 0;

        for (auto &batch : *data_loader)
        {
            torch::AutoGradMode enable_grad(true);

            hourglass->zero_grad();

            auto data = batch.data.to(device);
            auto labels = batch.target.to(device);

            auto output = hourglass->forward(data);
            
            torch::Tensor loss;
            if (options.intermediate_supervision) {
                loss = intermediate_supervision(output,labels);
            } else {
                loss = torch::mse_loss(output.back(), labels);
            }

            loss.backward();

            optimizer.step();

            all_losses.push_back(loss.item<float>());

            std::cout << "\r"
                         "["
                      << epoch << "/" << options.epochs << "]"
                      << "[" << ++batch_index << "/" << batches_per_epoch << "]"
                      << " loss: " << loss.item<float>() << std::flush;
        }

        epoch_mean = std::accumulate(all_losses.end() - batch_index, all_losses.end(), 0.0f) / batch_index;
        std::cout << std::endl << "epoch " << epoch << " mean loss: " << epoch_mean << std::endl;
    }

    hourglass->to(kFloat32);
    hourglass->to(torch::Device(torch::kCPU));

    return epoch_mean;
}
