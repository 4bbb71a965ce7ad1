#include "ImageLoader.hpp"

#include <cmath>
#include <functional>
#include <random>

namespace med {
namespace data {

ImageLoader::ImageLoader(const std::string& rootDir, int targetSize)
    : rootDir(rootDir), targetSize(targetSize) {}

std::vector<std::string> ImageLoader::listClass(const std::string& clsName, size_t count) const {
    std::vector<std::string> files;
    for (size_t i = 0; i < count; ++i) {
        files.push_back(clsName + "_" + std::to_string(i) + ".jpeg");
    }
    return files;
}

torch::Tensor ImageLoader::process(const std::string& fullPath) const {
    const uint32_t seed = static_cast<uint32_t>(std::hash<std::string>{}(fullPath) & 0xffffffffu);
    const bool sick = fullPath.find("PNEUMONIA") != std::string::npos;
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> uni(0.0f, 1.0f);
    std::normal_distribution<float> noise(0.0f, 0.05f);
    const int n = targetSize;
    // opacity blobs of the sick class
    float bx[2], by[2];
    for (int b = 0; b < 2; ++b) {
        bx[b] = n * (0.2f + 0.6f * uni(rng));
        by[b] = n * (0.3f + 0.4f * uni(rng));
    }
    std::vector<float> image(n * n);
    for (int y = 0; y < n; ++y) {
        for (int x = 0; x < n; ++x) {
            float u = (x + 0.5f) / n, v = (y + 0.5f) / n;
            float lungL = std::exp(-(std::pow((u - 0.3f) / 0.15f, 2.0f) + std::pow((v - 0.5f) / 0.3f, 2.0f)));
            float lungR = std::exp(-(std::pow((u - 0.7f) / 0.15f, 2.0f) + std::pow((v - 0.5f) / 0.3f, 2.0f)));
            float value = 0.8f - 0.6f * (lungL + lungR);
            if (sick) {
                for (int b = 0; b < 2; ++b) {
                    float d2 = (x - bx[b]) * (x - bx[b]) + (y - by[b]) * (y - by[b]);
                    value += 0.5f * std::exp(-d2 / (0.01f * n * n));
                }
            }
            image[y * n + x] = std::min(1.0f, std::max(0.0f, value + noise(rng)));
        }
    }
    return torch::tensor(image).view({1, n, n});
}

} // namespace data
} // namespace med
