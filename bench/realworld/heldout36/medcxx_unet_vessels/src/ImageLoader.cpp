#include "ImageLoader.hpp"

#include <cmath>
#include <functional>
#include <random>

ImageLoader::ImageLoader(const std::string& imageDir, int targetSize, bool isMask)
    : rootDir(imageDir), targetSize(targetSize), isMask(isMask) {}

std::vector<std::string> ImageLoader::listFiles(size_t count) const {
    std::vector<std::string> files;
    for (size_t i = 0; i < count; ++i) {
        files.push_back("fundus_" + std::to_string(i) + ".png");
    }
    return files;
}

// Thin random "vessels" (straight segments through the image); the image is the
// mask darkened into a noisy background, as in a green-channel fundus photograph.
torch::Tensor ImageLoader::process(int64_t seed) const {
    std::mt19937 rng(static_cast<uint32_t>(seed));
    std::uniform_real_distribution<float> uni(0.0f, 1.0f);
    const int n = targetSize;
    std::vector<float> mask(n * n, 0.0f);
    for (int v = 0; v < 3; ++v) {
        float angle = 3.14159265f * uni(rng);
        float cx = n * (0.25f + 0.5f * uni(rng));
        float cy = n * (0.25f + 0.5f * uni(rng));
        float nx = -std::sin(angle), ny = std::cos(angle);
        for (int y = 0; y < n; ++y) {
            for (int x = 0; x < n; ++x) {
                float d = std::fabs((x - cx) * nx + (y - cy) * ny);
                if (d < 1.0f) mask[y * n + x] = 1.0f;
            }
        }
    }
    if (isMask) {
        return torch::tensor(mask).view({1, n, n});
    }
    std::mt19937 noiseRng(static_cast<uint32_t>(seed) * 7919u + 17u);
    std::normal_distribution<float> noise(0.0f, 0.05f);
    std::vector<float> image(n * n);
    for (int i = 0; i < n * n; ++i) {
        image[i] = 0.6f - 0.4f * mask[i] + noise(noiseRng);
    }
    return torch::tensor(image).view({1, n, n});
}

torch::Tensor ImageLoader::loadCached(const std::string& fileName) {
    auto it = cache.find(fileName);
    if (it != cache.end()) {
        return it->second;
    }
    auto pos = fileName.find('_');
    if (pos == std::string::npos) {
        return torch::Tensor();
    }
    int64_t seed = std::stoll(fileName.substr(pos + 1)) + (rootDir.find("test") != std::string::npos ? 1000 : 0);
    torch::Tensor processed = process(seed);
    cache[fileName] = processed;
    return processed;
}
