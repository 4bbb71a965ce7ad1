#include "utility.h"

torch::Tensor img_to_tensor(const std::vector<float>& pixels, int h, int w) {
	torch::Tensor img = torch::from_blob(const_cast<float*>(pixels.data()), { h, w, 3 }, torch::kFloat32).clone();
	img = img.permute({ 2, 0, 1 }).unsqueeze(0);
	// same normalisation as the training images of the original camera (mean 0.5, std 0.25)
	return (img - 0.5) / 0.25;
}

torch::Tensor rms_normalize(torch::Tensor x) {
	torch::Tensor ms = (x * x).mean(1, true);
	ms.add_(1e-8);
	return x * ms.rsqrt_();
}
