#ifndef TRAINER_H
#define TRAINER_H

#include <torch/torch.h>

#include "losses.h"

// Trains with gradient accumulation: accumulation_steps micro-batches per optimizer step.
template <typename Model, typename Optimizer>
double train_segmenter(Model& model, Optimizer& optimizer, const torch::Tensor& images, const torch::Tensor& masks,
                       torch::Device device, int64_t steps, int64_t accumulation_steps, int64_t micro_batch)
{
    torch::optim::StepLR scheduler(optimizer, /*step_size=*/50, /*gamma=*/0.5);
    const int64_t n = images.size(0);
    double last_loss = 0.0;

    model->train();
    optimizer.zero_grad();
    for (int64_t step = 0; step < steps; ++step)
    {
        double accumulated = 0.0;
        for (int64_t micro = 0; micro < accumulation_steps; ++micro)
        {
            auto idx = torch::randint(n, {micro_batch}, torch::kLong);
            auto x = images.index_select(0, idx).to(device);
            auto y = masks.index_select(0, idx).to(device);

            auto logits = model->forward(x);
            auto loss = (focal_loss(logits, y, 0.25, 2.0) + dice_loss(logits, y)) / static_cast<double>(accumulation_steps);
            loss.backward();
            accumulated += loss.template item<double>();
        }
        torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
        optimizer.step();
        optimizer.zero_grad();
        scheduler.step();

        last_loss = accumulated;
        if (step % 20 == 0)
        {
            std::cout << "step " << step << " loss " << accumulated << std::endl;
        }
    }
    return last_loss;
}

#endif // TRAINER_H
