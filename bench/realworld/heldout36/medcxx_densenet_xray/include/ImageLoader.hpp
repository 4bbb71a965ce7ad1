#pragma once

#include <torch/torch.h>
#include <string>
#include <utility>
#include <vector>

namespace med {
namespace data {

// Stands in for the OpenCV loader: each "file" is a synthetic chest radiograph,
// a dark field with two lung fields; the "pneumonia" class adds bright patches.
class ImageLoader {
public:
    ImageLoader(const std::string& rootDir, int targetSize);

    // file names of one class folder
    std::vector<std::string> listClass(const std::string& clsName, size_t count) const;

    // [1, H, W] float tensor in [0, 1]
    torch::Tensor process(const std::string& fullPath) const;

private:
    std::string rootDir;
    int targetSize;
};

} // namespace data
} // namespace med
