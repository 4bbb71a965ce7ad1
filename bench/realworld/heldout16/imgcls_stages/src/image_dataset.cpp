#include "image_dataset.h"

ImageDataset::ImageDataset(int image_size, uint64_t seed) : size_(image_size), rng_(seed) {}

torch::Tensor ImageDataset::render(int label)
{
    std::uniform_real_distribution<float> uni(0.0f, 1.0f);
    auto ys = torch::arange(size_, torch::kFloat32).view({size_, 1}).expand({size_, size_});
    auto xs = torch::arange(size_, torch::kFloat32).view({1, size_}).expand({size_, size_});
    const float phase = uni(rng_) * 6.2832f;
    const float freq = 0.5f + uni(rng_) * 0.3f;
    torch::Tensor pattern;
    switch (label)
    {
    case 0: pattern = torch::sin(ys * freq + phase); break;
    case 1: pattern = torch::sin(xs * freq + phase); break;
    case 2: pattern = torch::sin(xs * freq + phase) * torch::sin(ys * freq + phase); break;
    case 3:
    {
        const float cx = size_ * (0.3f + 0.4f * uni(rng_)), cy = size_ * (0.3f + 0.4f * uni(rng_));
        pattern = torch::exp(-((xs - cx).pow(2) + (ys - cy).pow(2)) / (size_ * 2.0f)) * 2 - 1;
        break;
    }
    default: pattern = torch::sin((xs + ys) * freq * 0.7f + phase); break;
    }
    auto mask = (pattern.unsqueeze(0) + 1) / 2;                     // 1 x s x s in [0, 1]
    auto fg = torch::rand({3, 1, 1});
    auto bg = torch::rand({3, 1, 1});
    auto img = fg * mask + bg * (1 - mask) + 0.1 * torch::randn({3, size_, size_});
    return img.clamp(0, 1);
}

std::pair<torch::Tensor, torch::Tensor> ImageDataset::batch(int batch_size)
{
    std::uniform_int_distribution<int> label_dist(0, kNumClasses - 1);
    std::vector<torch::Tensor> images;
    std::vector<int64_t> labels;
    for (int i = 0; i < batch_size; i++)
    {
        const int label = label_dist(rng_);
        images.push_back(render(label));
        labels.push_back(label);
    }
    return {torch::stack(images), torch::tensor(labels, torch::kInt64)};
}
