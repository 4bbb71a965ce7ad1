#include "digits.h"

namespace {

constexpr int64_t kTrainSize = 2048;
constexpr int64_t kTestSize = 512;

torch::Tensor digit_templates() {
    auto gen = at::detail::createCPUGenerator(7);
    auto coarse = (torch::rand({10, 1, 7, 7}, gen) > 0.6).to(torch::kFloat);
    return coarse.repeat_interleave(4, 2).repeat_interleave(4, 3);
}

}  // namespace

SyntheticDigits::SyntheticDigits(Mode mode) {
    const int64_t n = mode == Mode::kTrain ? kTrainSize : kTestSize;
    auto templates = digit_templates();
    targets_ = torch::randint(0, 10, {n}, torch::kLong);
    images_ = torch::empty({n, 1, 28, 28});
    for (int64_t i = 0; i < n; ++i) {
        auto shift = torch::randint(-2, 3, {2});
        auto img = torch::roll(templates[targets_[i].item<int64_t>()],
                               {shift[0].item<int64_t>(), shift[1].item<int64_t>()}, {1, 2});
        images_[i] = (img + 0.3 * torch::randn_like(img)).clamp(0.0, 1.0);
    }
}

torch::data::Example<> SyntheticDigits::get(size_t index) {
    return {images_[index], targets_[index]};
}

torch::optional<size_t> SyntheticDigits::size() const {
    return images_.size(0);
}
