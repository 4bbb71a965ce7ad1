#pragma once

#include <torch/torch.h>
#include <map>
#include <string>
#include <vector>

// Stands in for the OpenCV loader: "files" are synthetic fundus-like images
// with thin vessel masks, generated once per name and cached in memory.
class ImageLoader {
public:
    ImageLoader(const std::string& imageDir, int targetSize, bool isMask);

    // [1, H, W] float tensor in [0, 1]; undefined tensor if the name is unknown
    torch::Tensor loadCached(const std::string& fileName);

    std::vector<std::string> listFiles(size_t count) const;

private:
    torch::Tensor process(int64_t seed) const;

    std::string rootDir;
    int targetSize;
    bool isMask;
    std::map<std::string, torch::Tensor> cache;
};
