#ifndef pooling
#define pooling

#include<torch/torch.h>

// Windows of a convolution of width kernel_size that cover at least one real token
// (index != 0) of the sentence: [batch, maxlen - kernel_size + 1]
torch::Tensor window_mask(const torch::Tensor &tokens, int64_t kernel_size);

// Max over time of the feature maps [batch, filters, windows], over valid windows only
torch::Tensor masked_max_over_time(const torch::Tensor &features,
                                   const torch::Tensor &valid);

#endif  /* pooling.h */
