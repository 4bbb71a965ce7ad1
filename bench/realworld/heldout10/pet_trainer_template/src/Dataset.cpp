#include "Dataset.hpp"

#include <cmath>
#include <random>

namespace {
// segments a..g of a seven-segment display for each digit
const int kSegments[10][7] = {
    {1, 1, 1, 1, 1, 1, 0}, {0, 1, 1, 0, 0, 0, 0}, {1, 1, 0, 1, 1, 0, 1}, {1, 1, 1, 1, 0, 0, 1},
    {0, 1, 1, 0, 0, 1, 1}, {1, 0, 1, 1, 0, 1, 1}, {1, 0, 1, 1, 1, 1, 1}, {1, 1, 1, 0, 0, 0, 0},
    {1, 1, 1, 1, 1, 1, 1}, {1, 1, 1, 1, 0, 1, 1}};

void draw_digit(float *img, int side, int digit, int dx, int dy, float ink) {
    // glyph box: columns 3..8, rows 1..10 (before the shift)
    auto put = [&](int r, int c) {
        r += dy; c += dx;
        if (r >= 0 && r < side && c >= 0 && c < side) img[r * side + c] = ink;
    };
    const int *s = kSegments[digit];
    for (int c = 3; c <= 8; ++c) {
        if (s[0]) put(1, c);
        if (s[6]) put(5, c);
        if (s[3]) put(10, c);
    }
    for (int r = 1; r <= 5; ++r) {
        if (s[5]) put(r, 3);
        if (s[1]) put(r, 8);
    }
    for (int r = 5; r <= 10; ++r) {
        if (s[4]) put(r, 3);
        if (s[2]) put(r, 8);
    }
}
} // namespace

DigitDataset::DigitDataset(int64_t count, Mode mode, uint64_t seed) {
    std::mt19937 rng(seed + (mode == Mode::Test ? 1000 : 0));
    std::uniform_int_distribution<int> digit(0, 9), shift(-1, 1);
    std::uniform_real_distribution<float> ink(0.6f, 1.0f);
    const int side = 12;
    images_ = torch::zeros({count, 1, side, side});
    labels_ = torch::zeros({count}, torch::kLong);
    for (int64_t i = 0; i < count; ++i) {
        int d = digit(rng);
        draw_digit(images_[i][0].data_ptr<float>(), side, d, shift(rng), shift(rng), ink(rng));
        labels_[i] = d;
    }
    images_ = (images_ + 0.25 * torch::randn(images_.sizes())).clamp(0.0, 1.0);
}

torch::data::Example<> DigitDataset::get(size_t index) {
    return {images_[index], labels_[index]};
}

torch::optional<size_t> DigitDataset::size() const {
    return images_.size(0);
}

std::tuple<torch::Tensor, std::shared_ptr<std::vector<int>>>
make_pet_images(int64_t count, int64_t image_size, float cat_share, uint64_t seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    const float S = static_cast<float>(image_size);

    auto ys = torch::arange(image_size, torch::kFloat).view({image_size, 1}).expand({image_size, image_size});
    auto xs = torch::arange(image_size, torch::kFloat).view({1, image_size}).expand({image_size, image_size});

    auto images = torch::zeros({count, 3, image_size, image_size});
    auto labels = std::make_shared<std::vector<int>>();
    for (int64_t i = 0; i < count; ++i) {
        bool cat = u(rng) < cat_share;
        float cx = S * (0.4f + 0.2f * u(rng)), cy = S * (0.45f + 0.2f * u(rng));
        float r = S * (0.18f + 0.08f * u(rng));
        auto head = ((xs - cx).pow(2) + (ys - cy).pow(2)) < r * r;
        torch::Tensor ears, marks;
        if (cat) {
            // pointed ears above the head, stripes across it
            auto left = (ys < cy - 0.6f * r) & (ys > cy - 1.6f * r) &
                        ((xs - (cx - 0.6f * r)).abs() < (ys - (cy - 1.6f * r)) * 0.5f);
            auto right = (ys < cy - 0.6f * r) & (ys > cy - 1.6f * r) &
                         ((xs - (cx + 0.6f * r)).abs() < (ys - (cy - 1.6f * r)) * 0.5f);
            ears = left | right;
            marks = head & (torch::sin(ys * 1.6f) > 0.3f);
        } else {
            // round ears hanging at the sides, a few patches
            auto left = ((xs - (cx - r)).pow(2) + (ys - (cy + 0.2f * r)).pow(2)) < 0.2f * r * r;
            auto right = ((xs - (cx + r)).pow(2) + (ys - (cy + 0.2f * r)).pow(2)) < 0.2f * r * r;
            ears = left | right;
            float px = cx + (u(rng) - 0.5f) * r, py = cy + (u(rng) - 0.5f) * r;
            marks = head & (((xs - px).pow(2) + (ys - py).pow(2)) < 0.15f * r * r);
        }
        for (int c = 0; c < 3; ++c) {
            float bg = 0.2f + 0.6f * u(rng), fur = 0.2f + 0.6f * u(rng), mark = fur - 0.18f;
            auto plane = torch::full({image_size, image_size}, bg);
            plane = torch::where(head | ears, torch::full_like(plane, fur), plane);
            plane = torch::where(marks, torch::full_like(plane, mark), plane);
            images[i][c] = plane;
        }
        labels->push_back(cat ? 1 : 0);
    }
    images = (images + 0.22 * torch::randn(images.sizes())).clamp(0.0, 1.0);
    return {images, labels};
}

CustomDataset::CustomDataset(torch::Tensor images, std::shared_ptr<std::vector<int>> labels, Mode mode)
    : images_(std::move(images)), labels_(std::move(labels)), mode_(mode) {}

torch::data::Example<> CustomDataset::get(size_t index) {
    auto img = images_[index];
    if (mode_ == Mode::Train && (index * 2654435761u) % 2 == 1) {
        img = img.flip({2});  // horizontal flip for every other training image
    }
    return {img, torch::tensor((int64_t)(*labels_)[index], torch::kLong)};
}

torch::optional<size_t> CustomDataset::size() const {
    return labels_->size();
}
