#ifndef _DIGITS_DATASET
#define _DIGITS_DATASET

#include <torch/torch.h>

#include "gan_config.h"

// Synthetic 16x16 stroke images in [-1, 1] (in place of the original's MNIST files):
// a horizontal and a vertical bar at random rows and columns, with a little noise.
inline torch::Tensor make_stroke_images(int64_t count)
{
    auto images = torch::full({count, 1, IMAGE_SIZE, IMAGE_SIZE}, -1.0);
    auto rows = torch::randint(3, IMAGE_SIZE - 3, {count});
    auto cols = torch::randint(3, IMAGE_SIZE - 3, {count});
    for (int64_t i = 0; i < count; ++i)
    {
        const int64_t r = rows[i].item<int64_t>();
        const int64_t c = cols[i].item<int64_t>();
        images[i][0].narrow(0, r, 2).narrow(1, 2, IMAGE_SIZE - 4).fill_(1.0);
        images[i][0].narrow(1, c, 2).narrow(0, 2, IMAGE_SIZE - 4).fill_(1.0);
    }
    images += 0.05 * torch::randn_like(images);
    return images.clamp(-1.0, 1.0);
}

class StrokeDataset : public torch::data::datasets::Dataset<StrokeDataset>
{
public:
    explicit StrokeDataset(int64_t count) : images_(make_stroke_images(count)) {}

    torch::data::Example<> get(size_t index) override
    {
        return {images_[index], torch::ones({1})};
    }

    torch::optional<size_t> size() const override
    {
        return images_.size(0);
    }

private:
    torch::Tensor images_;
};

#endif
