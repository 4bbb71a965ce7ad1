#include "train.h"

#include <algorithm>
#include <numeric>
#include <random>

double train_epoch(TimeSeriesTransformer& model, torch::optim::AdamW& optimizer,
                   const SeriesBatchSet& data, int64_t batch_size, torch::Device device,
                   std::mt19937_64& rng)
{
    model->train();
    const int64_t n = data.src.size(0);
    std::vector<int64_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), rng);
    auto perm = torch::tensor(order);

    double total = 0.0;
    int64_t batches = 0;
    for (int64_t start = 0; start + batch_size <= n; start += batch_size)
    {
        auto idx = perm.slice(0, start, start + batch_size);
        auto src = data.src.index_select(0, idx).to(device);
        auto valid = data.valid.index_select(0, idx).to(device);
        auto tgt_in = data.tgt_in.index_select(0, idx).to(device);
        auto target = data.target.index_select(0, idx).to(device);

        optimizer.zero_grad();
        auto prediction = model->forward(src, valid, tgt_in);
        auto loss = torch::mse_loss(prediction, target);
        loss.backward();
        torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
        optimizer.step();

        total += loss.item<double>();
        ++batches;
    }
    return total / std::max<int64_t>(batches, 1);
}

double evaluate_autoregressive(TimeSeriesTransformer& model, const SeriesBatchSet& data,
                               torch::Device device)
{
    torch::NoGradGuard no_grad;
    model->eval();
    auto prediction = model->forward(data.src.to(device), data.valid.to(device));
    return torch::mse_loss(prediction, data.target.to(device)).item<double>();
}

std::pair<double, double> calibrate_output(TimeSeriesTransformer& model, const SeriesBatchSet& data,
                                           torch::Device device)
{
    torch::Tensor predictions;
    {
        torch::NoGradGuard no_grad;
        model->eval();
        predictions = model->forward(data.src.to(device), data.valid.to(device));
    }
    auto target = data.target.to(device);
    auto scale = torch::ones({1}, torch::TensorOptions().device(device).requires_grad(true));
    auto shift = torch::zeros({1}, torch::TensorOptions().device(device).requires_grad(true));
    torch::optim::LBFGS lbfgs({scale, shift}, torch::optim::LBFGSOptions(0.5).max_iter(20));

    for (int it = 0; it < 3; ++it)
    {
        auto closure = [&]() -> torch::Tensor {
            lbfgs.zero_grad();
            auto loss = torch::mse_loss(predictions * scale + shift, target);
            loss.backward();
            return loss;
        };
        lbfgs.step(closure);
    }
    return {scale.item<double>(), shift.item<double>()};
}
