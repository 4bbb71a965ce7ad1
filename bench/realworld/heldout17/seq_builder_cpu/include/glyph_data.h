#ifndef CPP_TORCH_GLYPH_DATA_H
#define CPP_TORCH_GLYPH_DATA_H

#include <torch/torch.h>

#include <vector>

namespace cpp_torch {
namespace test {

// Small grey-level glyphs (12 x 12), one class per stroke pattern; labels are
// one-hot rows of num_outputs columns, of which only the first num_classes occur.
void make_glyph_dataset(int n, int num_classes, int num_outputs, uint64_t seed,
                        std::vector<torch::Tensor> &images, std::vector<torch::Tensor> &labels);

}  // namespace test
}  // namespace cpp_torch

#endif
