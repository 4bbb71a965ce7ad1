#include "losses.h"

#include <tuple>

namespace F = torch::nn::functional;

ArcFaceImpl::ArcFaceImpl(int64_t num_classes, int64_t embed_dim, double scale, double margin)
    : scale_(scale), margin_(margin) {
  weight_ = register_parameter("weight", torch::empty({num_classes, embed_dim}));
  torch::nn::init::xavier_uniform_(weight_);
}

ArcFaceOutput ArcFaceImpl::forward(const torch::Tensor& embeddings, const torch::Tensor& labels) {
  auto e = F::normalize(embeddings, F::NormalizeFuncOptions().p(2).dim(1));
  auto w = F::normalize(weight_, F::NormalizeFuncOptions().p(2).dim(1));
  auto cos_theta = e.matmul(w.t());
  auto one_hot = torch::zeros_like(cos_theta).scatter_(1, labels.view({-1, 1}), 1.0);

  auto theta = torch::acos(cos_theta.clamp(-0.999, 0.999));
  auto target = torch::cos(theta + margin_);
  auto logits = scale_ * (one_hot * target + (1 - one_hot) * cos_theta);

  ArcFaceOutput out;
  out.loss = F::cross_entropy(logits, labels);
  out.positive_cos = (cos_theta * one_hot).sum(1).mean().detach();
  auto negatives = cos_theta.masked_fill(one_hot.to(torch::kBool), -1e9);
  out.hardest_negative_cos = std::get<0>(negatives.max(1)).mean().detach();
  return out;
}

torch::Tensor batch_hard_triplet(const torch::Tensor& embeddings, const torch::Tensor& labels,
                                 double margin) {
  auto z = F::normalize(embeddings, F::NormalizeFuncOptions().p(2).dim(1));
  auto squared = z.pow(2).sum(1);
  auto dist = (squared.unsqueeze(1) + squared.unsqueeze(0) - 2.0 * z.matmul(z.t()))
                  .clamp_min(1e-12)
                  .sqrt();

  auto same = labels.unsqueeze(0).eq(labels.unsqueeze(1));
  auto self = torch::eye(labels.size(0), same.options());
  auto positives = same.logical_and(self.logical_not());
  auto hardest_positive = std::get<0>(dist.masked_fill(positives.logical_not(), -1e9).max(1));
  auto hardest_negative = std::get<0>(dist.masked_fill(same, 1e9).min(1));

  auto valid = positives.any(1).to(dist.scalar_type());
  auto per_anchor = torch::relu(hardest_positive - hardest_negative + margin) * valid;
  return per_anchor.sum() / valid.sum().clamp_min(1.0);
}

double nearest_neighbour_accuracy(const torch::Tensor& embeddings, const torch::Tensor& labels) {
  auto z = F::normalize(embeddings, F::NormalizeFuncOptions().p(2).dim(1));
  auto similarity = z.matmul(z.t());
  auto self = torch::eye(z.size(0), similarity.options().dtype(torch::kBool));
  auto nearest = similarity.masked_fill(self, -1e9).argmax(1);
  return labels.index_select(0, nearest).eq(labels).to(torch::kFloat).mean().item<double>();
}
