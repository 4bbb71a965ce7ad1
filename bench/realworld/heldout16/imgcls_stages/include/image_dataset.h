#pragma once
#include <torch/torch.h>

#include <cstdint>
#include <random>

// Synthetic RGB images of five texture classes (horizontal stripes, vertical stripes,
// checkerboard, a blob, diagonal stripes) with random colours, phases and noise.
class ImageDataset
{
public:
    ImageDataset(int image_size, uint64_t seed);
    // a batch of images (b x 3 x s x s, in [0, 1]) and their class indices (b)
    std::pair<torch::Tensor, torch::Tensor> batch(int batch_size);
    static constexpr int kNumClasses = 5;

private:
    torch::Tensor render(int label);
    int size_;
    std::mt19937_64 rng_;
};
