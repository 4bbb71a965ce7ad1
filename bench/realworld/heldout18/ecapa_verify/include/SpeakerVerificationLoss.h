#pragma once
#include <torch/torch.h>

class SpeakerVerificationLoss
{
public:
	SpeakerVerificationLoss(float margin = 0.3f);

	torch::Tensor forward(torch::Tensor anchor, torch::Tensor positives, torch::Tensor negatives);

private:
	float margin_;
};
