#ifndef KULLBACK_LIEBLER_DIVERGENCE_LOSS_H
#define KULLBACK_LIEBLER_DIVERGENCE_LOSS_H

#include <torch/torch.h>

namespace torch_explorer
{
	torch::Tensor kl_divergence_loss(const torch::Tensor& pred_logits, const torch::Tensor& target_probs);
	torch::Tensor to_one_hot(const torch::Tensor& labels, int64_t num_classes);
}

#endif
