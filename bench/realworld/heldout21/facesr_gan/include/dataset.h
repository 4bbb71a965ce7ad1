#pragma once
#include <torch/torch.h>

namespace facesr {
namespace utils {

// synthetic "faces": a skin-coloured ellipse with eyes, brows and a mouth on a
// textured background; HR pictures are made on the fly, LR ones by 2x2 area downscaling
class FaceSRDataset : public torch::data::datasets::Dataset<FaceSRDataset> {
public:
    FaceSRDataset(int num_images, int hr_size, int lr_size, bool augment, uint64_t seed);
    torch::data::Example<> get(size_t index) override;
    torch::optional<size_t> size() const override;

private:
    torch::Tensor hr_;  // [N, 3, hr, hr]
    int hr_size_;
    int lr_size_;
    bool augment_;
};

class MetricCalculator {
public:
    void update(const torch::Tensor& sr, const torch::Tensor& hr);
    double get_avg_psnr() const { return count_ > 0 ? psnr_sum_ / count_ : 0.0; }
    double get_avg_ssim() const { return count_ > 0 ? ssim_sum_ / count_ : 0.0; }
private:
    double psnr_sum_ = 0.0;
    double ssim_sum_ = 0.0;
    int count_ = 0;
};

torch::Tensor downscale(const torch::Tensor& hr, int lr_size);

}  // namespace utils
}  // namespace facesr
