#ifndef FOCAL_HPP
#define FOCAL_HPP

#include <torch/torch.h>

namespace ecvm::losses {

// Sigmoid focal loss of multi-label logits (Lin et al., 2017), mean over labels and samples
auto sigmoid_focal_loss(const torch::Tensor &logits, const torch::Tensor &targets,
                        double gamma, double alpha) -> torch::Tensor;

// Micro-averaged F1 of the thresholded sigmoid
auto micro_f1(const torch::Tensor &logits, const torch::Tensor &targets) -> double;

}  // namespace ecvm::losses

#endif // !FOCAL_HPP
