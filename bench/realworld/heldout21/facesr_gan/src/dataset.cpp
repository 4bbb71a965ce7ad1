#include "dataset.h"
#include <cmath>

namespace facesr {
namespace utils {

torch::Tensor downscale(const torch::Tensor& hr, int lr_size) {
    // area downscaling in place of the original's bicubic (OpenCV) degradation
    return torch::adaptive_avg_pool2d(hr, {lr_size, lr_size});
}

FaceSRDataset::FaceSRDataset(int num_images, int hr_size, int lr_size, bool augment, uint64_t seed)
    : hr_size_(hr_size), lr_size_(lr_size), augment_(augment) {
    auto gen = at::detail::createCPUGenerator(seed);
    auto u = [&](double lo, double hi) {
        return lo + (hi - lo) * torch::rand({1}, gen).item<double>();
    };
    auto ys = torch::linspace(-1.0, 1.0, hr_size).view({hr_size, 1}).expand({hr_size, hr_size});
    auto xs = torch::linspace(-1.0, 1.0, hr_size).view({1, hr_size}).expand({hr_size, hr_size});
    hr_ = torch::zeros({num_images, 3, hr_size, hr_size});
    for (int n = 0; n < num_images; ++n) {
        // background: a soft colour gradient with stripes
        auto bg = 0.25 + 0.15 * torch::sin(xs * u(2.0, 6.0) + ys * u(-3.0, 3.0));
        std::vector<double> bg_col = {u(0.3, 0.9), u(0.3, 0.9), u(0.3, 0.9)};
        std::vector<double> skin = {u(0.75, 0.95), u(0.55, 0.75), u(0.45, 0.6)};
        const double cx = u(-0.15, 0.15), cy = u(-0.1, 0.1);
        const double ax = u(0.45, 0.6), ay = u(0.6, 0.8);
        auto face = (((xs - cx) / ax).pow(2) + ((ys - cy) / ay).pow(2)).le(1.0).to(torch::kFloat);
        const double ex = u(0.18, 0.26), ey = cy - u(0.12, 0.22), er = u(0.06, 0.09);
        auto eyes = (((xs - cx - ex).pow(2) + (ys - ey).pow(2)).le(er * er) |
                     ((xs - cx + ex).pow(2) + (ys - ey).pow(2)).le(er * er)).to(torch::kFloat);
        auto brows = (((ys - (ey - 0.14)).abs().le(0.03)) &
                      (((xs - cx).abs() - ex).abs().le(0.1))).to(torch::kFloat);
        const double my = cy + u(0.25, 0.38), mw = u(0.15, 0.25);
        auto mouth = (((ys - my).abs().le(0.035)) & ((xs - cx).abs().le(mw))).to(torch::kFloat);
        for (int c = 0; c < 3; ++c) {
            auto img = bg * bg_col[c];
            img = img * (1 - face) + face * skin[c];
            img = img * (1 - eyes) + eyes * 0.1;
            img = img * (1 - brows) + brows * 0.2;
            img = img * (1 - mouth) + mouth * (c == 0 ? 0.7 : 0.2);
            hr_[n][c] = img.clamp(0.0, 1.0);
        }
    }
}

torch::data::Example<> FaceSRDataset::get(size_t index) {
    auto hr = hr_[index];
    if (augment_ && torch::rand({1}).item<double>() < 0.5) {
        hr = hr.flip({2});
    }
    auto lr = downscale(hr.unsqueeze(0), lr_size_).squeeze(0);
    return {lr.clone(), hr.clone()};
}

torch::optional<size_t> FaceSRDataset::size() const {
    return hr_.size(0);
}

void MetricCalculator::update(const torch::Tensor& sr, const torch::Tensor& hr) {
    for (int64_t i = 0; i < sr.size(0); ++i) {
        auto x = sr[i].unsqueeze(0).to(torch::kFloat);
        auto y = hr[i].unsqueeze(0).to(torch::kFloat);
        const double mse = torch::mse_loss(x, y).item<double>();
        psnr_sum_ += 10.0 * std::log10(1.0 / (mse + 1e-10));
        // SSIM with a uniform window, variances as E[x^2] - E[x]^2
        auto pool = [](const torch::Tensor& t) {
            return torch::avg_pool2d(t, {7, 7}, {1, 1}, {3, 3}, false, false);
        };
        auto mu_x = pool(x), mu_y = pool(y);
        auto sigma_x = pool(x * x) - mu_x * mu_x;
        auto sigma_y = pool(y * y) - mu_y * mu_y;
        auto sigma_xy = pool(x * y) - mu_x * mu_y;
        const double c1 = 0.01 * 0.01, c2 = 0.03 * 0.03;
        auto ssim = ((2 * mu_x * mu_y + c1) * (2 * sigma_xy + c2)) /
                    ((mu_x * mu_x + mu_y * mu_y + c1) * (sigma_x + sigma_y + c2));
        ssim_sum_ += ssim.mean().item<double>();
        ++count_;
    }
}

}  // namespace utils
}  // namespace facesr
