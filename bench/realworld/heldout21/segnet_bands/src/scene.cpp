#include <cmath>
#include <random>
#include "utils.h"

// Rice paddies are bright in the near-infrared band (band 4) and dark in red (band 3);
// the rest of the scene is a mixture of bare soil, water and forest.
Raster MakeScene(int rows, int cols, unsigned seed)
{
    std::mt19937 gen(seed);
    std::uniform_real_distribution<float> u(0.f, 1.f);
    std::normal_distribution<float> noise(0.f, 0.03f);
    Raster img;
    img.rows = rows;
    img.cols = cols;
    img.bands = 4;
    img.data.assign(static_cast<size_t>(rows) * cols * 4, 0.f);

    // background classes on a coarse grid of 12 x 12 blocks
    const int block = 12;
    std::vector<int> cls((rows / block + 1) * (cols / block + 1));
    for (auto& c : cls) c = static_cast<int>(u(gen) * 4.f);  // 0 soil 1 water 2 forest 3 rice
    const float sig[4][4] = {{0.30f, 0.28f, 0.32f, 0.35f},
                             {0.08f, 0.07f, 0.05f, 0.03f},
                             {0.05f, 0.09f, 0.06f, 0.45f},
                             {0.06f, 0.12f, 0.04f, 0.62f}};
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c) {
            const int k = cls[(r / block) * (cols / block + 1) + c / block];
            const float shade = 0.9f + 0.2f * std::sin(0.05f * r) * std::cos(0.07f * c);
            for (int b = 0; b < 4; ++b) {
                img.data[(static_cast<size_t>(r) * cols + c) * 4 + b] = sig[k][b] * shade + noise(gen);
            }
        }
    }
    return img;
}

Raster MakeMask(const Raster& scene)
{
    Raster mask;
    mask.rows = scene.rows;
    mask.cols = scene.cols;
    mask.bands = 1;
    mask.data.assign(static_cast<size_t>(scene.rows) * scene.cols, 0.f);
    for (int r = 0; r < scene.rows; ++r) {
        for (int c = 0; c < scene.cols; ++c) {
            const float nir = scene.at(r, c, 3);
            const float red = scene.at(r, c, 2);
            const float ndvi = (nir - red) / (nir + red + 1e-6f);
            mask.data[static_cast<size_t>(r) * scene.cols + c] = (ndvi > 0.78f && scene.at(r, c, 1) > 0.095f) ? 1.f : 0.f;
        }
    }
    return mask;
}
