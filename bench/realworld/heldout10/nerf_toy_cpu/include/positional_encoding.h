#ifndef POSITIONAL_ENCODING_H
#define POSITIONAL_ENCODING_H

#include "stdafx.h"

namespace nerf {
class Embedder {
   public:
    // [batch, 3] -> [batch, 6 * length]: sin and cos of 2^0..length-1 frequencies
    torch::Tensor Embedding(const torch::Tensor& position, const int64_t length);
};
}  // namespace nerf

#endif
