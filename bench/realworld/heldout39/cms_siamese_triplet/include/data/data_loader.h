// data_loader.h — manifest-driven loader of rectified RGB/IR stereo samples
#pragma once

#include <filesystem>
#include <vector>

#include "common/types.h"

namespace cms {

struct StereoSample {
    FloatPlane left_image;
    FloatPlane right_image;
    Modality left_modality = Modality::RGB;
    Modality right_modality = Modality::IR;
    FloatPlane gt_disparity;
    MaskPlane valid_mask;
};

class DataLoader {
public:
    /// Reads the manifest; here the "manifest" names a synthetic scene set.
    Result<size_t> loadManifest(const std::filesystem::path& manifest_path);
    Result<StereoSample> getSample(size_t index) const;
    size_t size() const { return samples_.size(); }

private:
    std::vector<StereoSample> samples_;
};

} // namespace cms
