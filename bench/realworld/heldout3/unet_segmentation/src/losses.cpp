#include "losses.h"

torch::Tensor focal_loss(const torch::Tensor& logits, const torch::Tensor& target, double alpha, double gamma)
{
    auto p = torch::sigmoid(logits);
    auto pt = torch::where(target > 0.5, p, 1 - p);
    auto at = torch::where(target > 0.5, torch::full_like(p, alpha), torch::full_like(p, 1 - alpha));
    auto loss = -at * torch::pow(1 - pt, gamma) * torch::log(pt + 1e-8);
    return loss.mean();
}

torch::Tensor dice_loss(const torch::Tensor& logits, const torch::Tensor& target)
{
    auto p = torch::sigmoid(logits);
    auto intersection = (p * target).sum();
    auto cardinality = p.sum() + target.sum();
    return 1 - (2 * intersection + 1e-7) / (cardinality + 1e-7);
}

double mean_iou(const torch::Tensor& logits, const torch::Tensor& target)
{
    auto predicted = logits > 0;
    auto truth = target > 0.5;
    auto intersection = (predicted & truth).sum({1, 2, 3}).to(torch::kFloat);
    auto union_ = (predicted | truth).sum({1, 2, 3}).to(torch::kFloat).clamp_min(1.0);
    return (intersection / union_).mean().item<double>();
}
