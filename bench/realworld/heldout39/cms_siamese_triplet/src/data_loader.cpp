// data_loader.cpp — synthetic RGB/IR stereo scenes in place of the manifest's images
#include "data/data_loader.h"

#include <torch/torch.h>

namespace cms {
namespace {

constexpr int kRows = 24;
constexpr int kCols = 48;
constexpr int kMaxDisparity = 8;
constexpr size_t kSceneCount = 20;

FloatPlane toPlane(const torch::Tensor& t) {
    torch::Tensor c = t.contiguous().to(torch::kFloat32);
    FloatPlane p;
    p.rows = static_cast<int>(c.size(0));
    p.cols = static_cast<int>(c.size(1));
    p.data.assign(c.data_ptr<float>(), c.data_ptr<float>() + c.numel());
    return p;
}

} // namespace

Result<size_t> DataLoader::loadManifest(const std::filesystem::path& manifest_path) {
    (void)manifest_path;  // no files: every scene is generated from the global torch seed
    samples_.clear();
    for (size_t s = 0; s < kSceneCount; ++s) {
        const int64_t d = torch::randint(2, kMaxDisparity, {1}).item<int64_t>();
        // smooth random texture, wide enough to shift by the disparity
        torch::Tensor noise = torch::rand({1, 1, kRows, kCols + kMaxDisparity});
        torch::Tensor tex = torch::avg_pool2d(noise, {3, 3}, {1, 1}, {1, 1}).squeeze(0).squeeze(0);
        torch::Tensor left = tex.slice(1, 0, kCols);
        // right view: the scene point at left x appears at x - d, seen by an IR camera
        torch::Tensor shifted = tex.slice(1, d, d + kCols);
        torch::Tensor right = (1.0 - shifted).pow(1.5) + 0.05 * torch::randn({kRows, kCols});

        StereoSample sample;
        sample.left_image = toPlane(left);
        sample.right_image = toPlane(right);
        sample.gt_disparity = toPlane(torch::full({kRows, kCols}, static_cast<float>(d)));
        torch::Tensor valid = (torch::rand({kRows, kCols}) > 0.1).to(torch::kUInt8).contiguous();
        sample.valid_mask.rows = kRows;
        sample.valid_mask.cols = kCols;
        sample.valid_mask.data.assign(valid.data_ptr<uint8_t>(), valid.data_ptr<uint8_t>() + valid.numel());
        samples_.push_back(std::move(sample));
    }
    return Result<size_t>::success(samples_.size());
}

Result<StereoSample> DataLoader::getSample(size_t index) const {
    if (index >= samples_.size()) {
        return Result<StereoSample>::error("sample index out of range");
    }
    return Result<StereoSample>::success(samples_[index]);
}

} // namespace cms
