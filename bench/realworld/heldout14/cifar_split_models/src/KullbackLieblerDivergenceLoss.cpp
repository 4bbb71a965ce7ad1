#include "KullbackLieblerDivergenceLoss.h"

namespace torch_explorer
{
	torch::Tensor kl_divergence_loss(const torch::Tensor& pred_logits, const torch::Tensor& target_probs)
	{
		auto log_softmax = torch::log_softmax(pred_logits, 1);
		return torch::mean(torch::sum(target_probs * (torch::log(target_probs + 1e-10) - log_softmax), 1));
	}

	torch::Tensor to_one_hot(const torch::Tensor& labels, int64_t num_classes)
	{
		return torch::one_hot(labels, num_classes).to(torch::kFloat32);
	}
}
