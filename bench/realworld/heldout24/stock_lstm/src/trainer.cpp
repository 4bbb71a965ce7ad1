#include "trainer.h"

namespace {
constexpr double kSmapeWeight = 0.05;

// symmetric mean absolute percentage error of the predicted returns
torch::Tensor smape(const torch::Tensor& preds, const torch::Tensor& targets) {
    return (2.0 * (preds - targets).abs() / (preds.abs() + targets.abs() + 1e-8)).mean();
}
}  // namespace

double train_epoch(LSTMModel& model, StockLoader& loader, torch::optim::Adam& optimizer,
                   torch::Device device) {
    model.train();
    double total = 0.0;
    int64_t batches = 0;
    for (auto& batch : loader) {
        auto inputs = batch.data.to(device);
        auto targets = batch.target.to(device);

        optimizer.zero_grad();
        auto preds = model.forward(inputs);
        auto loss = torch::mse_loss(preds, targets) + kSmapeWeight * smape(preds, targets);
        loss.backward();
        torch::nn::utils::clip_grad_norm_(model.parameters(), 1.0);
        optimizer.step();

        total += loss.item<double>();
        ++batches;
    }
    return total / static_cast<double>(batches);
}

EvalResult evaluate(LSTMModel& model, const StockDataset& data, torch::Device device) {
    torch::NoGradGuard no_grad;
    model.eval();
    auto inputs = data.features().to(device);
    auto targets = data.targets().to(device);
    auto preds = model.forward(inputs);
    const double mse = torch::mse_loss(preds, targets).item<double>();
    const double dir = (preds.sign() == targets.sign()).to(torch::kFloat32).mean().item<double>();
    return {mse, dir};
}
