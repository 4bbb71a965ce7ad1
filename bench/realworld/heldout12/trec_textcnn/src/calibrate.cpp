#include<torch/torch.h>
#include<vector>

#include "calibrate.h"

double fit_temperature(const torch::Tensor &logits, const torch::Tensor &labels,
                       torch::Device device, int rounds) {
    auto temperature = torch::ones({1}, torch::TensorOptions().device(device)).requires_grad_(true);
    torch::optim::LBFGS lbfgs(std::vector<torch::Tensor>{temperature},
                              torch::optim::LBFGSOptions(0.01).max_iter(50));
    torch::nn::CrossEntropyLoss nll;
    auto scores = logits.detach().to(device);
    auto targets = labels.to(device);

    for (int round = 0; round < rounds; round++) {
        auto closure = [&]() -> torch::Tensor {
            lbfgs.zero_grad();
            auto loss = nll(scores / temperature, targets);
            loss.backward();
            return loss;
        };
        lbfgs.step(closure);
    }
    return temperature.item<double>();
}

double expected_calibration_error(const torch::Tensor &logits, const torch::Tensor &labels,
                                  int bins) {
    auto probs = torch::softmax(logits.to(torch::kFloat), 1);
    auto conf_pred = probs.max(1);
    auto confidence = std::get<0>(conf_pred);
    auto correct = std::get<1>(conf_pred).eq(labels).to(torch::kFloat);
    double ece = 0.0;
    for (int b = 0; b < bins; b++) {
        const double lo = static_cast<double>(b) / bins;
        const double hi = static_cast<double>(b + 1) / bins;
        auto in_bin = confidence.gt(lo).logical_and(confidence.le(hi));
        const auto count = in_bin.sum().item<int64_t>();
        if (count == 0) {
            continue;
        }
        auto gap = confidence.masked_select(in_bin).mean() - correct.masked_select(in_bin).mean();
        ece += std::abs(gap.item<double>()) * count / confidence.size(0);
    }
    return ece;
}
