//
// Generalized mean pooling over the spatial dimensions.
//

#ifndef LIBTORCHPLAYGROUND_MODELS_GEMPOOL_H_
#define LIBTORCHPLAYGROUND_MODELS_GEMPOOL_H_

#include <torch/torch.h>

class GeMPoolImpl : public torch::nn::Module {
 public:
  static constexpr double kEps = 1e-6;

  explicit GeMPoolImpl(double p = 3.0);
  torch::Tensor forward(torch::Tensor x);

 private:
  double p_;
};

TORCH_MODULE(GeMPool);

#endif//LIBTORCHPLAYGROUND_MODELS_GEMPOOL_H_
