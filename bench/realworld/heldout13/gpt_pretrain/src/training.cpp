// training.cpp
// Chapter 5: training and evaluation.
#include "training.h"

#include <algorithm>
#include <iostream>

namespace ch5 {

torch::Tensor calc_loss_batch(const torch::Tensor& input_batch, const torch::Tensor& target_batch,
                              ch4::GPTModel& model, torch::Device device) {
    auto input = input_batch.to(device);
    auto target = target_batch.to(device);
    auto logits = model->forward(input);
    return torch::nn::functional::cross_entropy(logits.flatten(0, 1), target.flatten());
}

double calc_loss_loader(ch4::GPTModel& model, const std::vector<ch2::GPTBatch>& loader,
                        torch::Device device, int64_t num_batches) {
    if (loader.empty()) return 0.0;
    int64_t n = static_cast<int64_t>(loader.size());
    if (num_batches > 0) n = std::min(n, num_batches);
    torch::NoGradGuard no_grad;
    double total_loss = 0.0;
    for (int64_t i = 0; i < n; ++i) {
        total_loss += calc_loss_batch(loader[i].inputs, loader[i].targets, model, device)
                          .item<double>();
    }
    return total_loss / static_cast<double>(n);
}

std::pair<double, double> evaluate_model(ch4::GPTModel& model,
                                         const std::vector<ch2::GPTBatch>& train_loader,
                                         const std::vector<ch2::GPTBatch>& val_loader,
                                         torch::Device device, int64_t eval_iter) {
    model->eval();
    const double train_loss = calc_loss_loader(model, train_loader, device, eval_iter);
    const double val_loss = calc_loss_loader(model, val_loader, device, eval_iter);
    model->train();
    return {train_loss, val_loss};
}

double calc_accuracy_loader(ch4::GPTModel& model, const std::vector<ch2::GPTBatch>& loader,
                            torch::Device device) {
    torch::NoGradGuard no_grad;
    model->eval();
    int64_t correct = 0;
    int64_t total = 0;
    for (const auto& batch : loader) {
        auto logits = model->forward(batch.inputs.to(device));
        auto pred = logits.argmax(-1);
        correct += pred.eq(batch.targets.to(device)).sum().item<int64_t>();
        total += batch.targets.numel();
    }
    model->train();
    return total == 0 ? 0.0 : static_cast<double>(correct) / static_cast<double>(total);
}

double train_model_simple(ch4::GPTModel& model, const std::vector<ch2::GPTBatch>& train_loader,
                          const std::vector<ch2::GPTBatch>& val_loader,
                          torch::optim::AdamW& optimizer, torch::Device device,
                          int64_t num_epochs, int64_t eval_freq, int64_t eval_iter) {
    int64_t tokens_seen = 0;
    int64_t global_step = -1;
    double last_loss = 0.0;

    for (int64_t epoch = 0; epoch < num_epochs; ++epoch) {
        model->train();
        for (const auto& batch : train_loader) {
            optimizer.zero_grad();
            auto loss = calc_loss_batch(batch.inputs, batch.targets, model, device);
            loss.backward();
            optimizer.step();
            tokens_seen += batch.inputs.numel();
            global_step += 1;
            last_loss = loss.item<double>();

            if (global_step % eval_freq == 0) {
                auto losses = evaluate_model(model, train_loader, val_loader, device, eval_iter);
                std::cout << "Ep " << (epoch + 1) << " (Step " << global_step
                          << "): Train loss " << losses.first << ", Val loss " << losses.second
                          << ", tokens seen " << tokens_seen << "\n";
            }
        }
    }
    return last_loss;
}

}  // namespace ch5
