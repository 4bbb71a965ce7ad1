#include "SpeakerVerificationLoss.h"

SpeakerVerificationLoss::SpeakerVerificationLoss(float margin)
	: margin_(margin)
{
}

torch::Tensor SpeakerVerificationLoss::forward(torch::Tensor anchor, torch::Tensor positives, torch::Tensor negatives)
{
	// cosine similarity of the anchor with the positive and the negative samples
	auto pos_similarity = torch::cosine_similarity(anchor.unsqueeze(0), positives, -1);
	auto neg_similarity = torch::cosine_similarity(anchor.unsqueeze(0), negatives, -1);

	// contrastive loss: positives close to 1, negatives below the margin
	auto pos_loss = torch::clamp(1.0 - pos_similarity, 0.0);
	auto neg_loss = torch::clamp(neg_similarity - margin_, 0.0);

	return torch::mean(pos_loss + neg_loss);
}
