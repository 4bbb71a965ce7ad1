#pragma once

#include <torch/torch.h>

struct AutoencoderOutput {
  torch::Tensor code_activation;  // [N, kCodeDim], sigmoid units
  torch::Tensor reconstruction;   // same shape as the input, in [0, 1]
};

// Decoder stack: code -> hidden -> window, squashed into [0, 1].
torch::nn::Sequential make_decoder(int64_t code_dim, int64_t hidden, int64_t out_dim);

// Sparse autoencoder over flattened sensor windows.
class SparseAutoencoderImpl : public torch::nn::Module {
 public:
  SparseAutoencoderImpl();

  // windows: [N, kChannels, kWindow], scaled into [0, 1].
  AutoencoderOutput forward(const torch::Tensor& windows);

 private:
  torch::nn::Linear encoder_in_{nullptr};
  torch::nn::Linear encoder_code_{nullptr};
  torch::nn::Sequential decoder_{nullptr};
};
TORCH_MODULE(SparseAutoencoder);
