#include "Maths.h"

#include <algorithm>

namespace PLANS {
namespace Maths {

torch::Tensor maskedLogSoftmax(const torch::Tensor& logits, const torch::Tensor& allowed) {
	torch::Tensor masked = logits.masked_fill(allowed.logical_not(), -1e9);
	return torch::log_softmax(masked, 1);
}

float clampf(float v, float lo, float hi) {
	return std::min(std::max(v, lo), hi);
}

}
}
