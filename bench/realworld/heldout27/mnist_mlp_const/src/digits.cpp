#include "digits.h"

SyntheticDigits::SyntheticDigits(int64_t count, Mode mode) {
    // The test split draws after the training split from the same seeded generator.
    (void)mode;
    targets_ = torch::randint(10, {count}, torch::kLong);
    images_ = torch::rand({count, 1, 28, 28}) * 0.3;
    auto acc = targets_.accessor<int64_t, 1>();
    for (int64_t i = 0; i < count; ++i) {
        int64_t c = acc[i];
        int64_t row = 2 + (c % 5) * 5;
        int64_t col = 2 + (c / 5) * 12;
        images_[i][0].slice(0, row, row + 3).slice(1, col, col + 12).fill_(1.0);
        images_[i][0].slice(0, 2, 26).slice(1, 13 + (c % 3), 14 + (c % 3)).add_(0.4);
    }
    images_ = images_.clamp(0.0, 1.0);
}

torch::data::Example<> SyntheticDigits::get(size_t index) {
    return {images_[index], targets_[index]};
}

torch::optional<size_t> SyntheticDigits::size() const {
    return static_cast<size_t>(images_.size(0));
}
