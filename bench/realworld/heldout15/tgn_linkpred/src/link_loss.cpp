#include "link_loss.h"

auto link_loss(LinkPredictor& decoder, const torch::Tensor& z_src, const torch::Tensor& z_dst,
               const torch::Tensor& z_neg, const torch::Tensor& collide) -> torch::Tensor {
  const auto pos_out = decoder->forward(z_src, z_dst);
  auto neg_out = decoder->forward(z_src, z_neg);
  // a "negative" that is the true destination is not a negative: push it out of the loss
  neg_out = neg_out.masked_fill(collide.unsqueeze(-1), -1e9);

  return torch::nn::functional::binary_cross_entropy_with_logits(pos_out, torch::ones_like(pos_out)) +
         torch::nn::functional::binary_cross_entropy_with_logits(neg_out, torch::zeros_like(neg_out));
}
