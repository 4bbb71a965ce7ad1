#pragma once

#include <torch/torch.h>

namespace PLANS {
namespace Maths {

	// Log-probabilities of the movement modes, with the modes that are not allowed masked out.
	torch::Tensor maskedLogSoftmax(const torch::Tensor& logits, const torch::Tensor& allowed);

	float clampf(float v, float lo, float hi);

}
}
