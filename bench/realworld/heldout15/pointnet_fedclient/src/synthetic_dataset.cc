#include "synthetic_dataset.h"

#include <torch/torch.h>

#include <cmath>

namespace {

torch::Tensor sample_shape(int shape, int n) {
    const double pi = 3.14159265358979;
    auto u = torch::rand({n});
    auto v = torch::rand({n});
    torch::Tensor x, y, z;
    switch (shape) {
    case 0: {  // sphere
        auto p = torch::randn({n, 3});
        return p / p.norm(2, {1}, true);
    }
    case 1: {  // cube surface
        auto p = torch::rand({n, 3}) * 2 - 1;
        auto axis = torch::randint(0, 3, {n});
        auto sign = torch::randint(0, 2, {n}).to(torch::kFloat) * 2 - 1;
        p.index_put_({torch::arange(n), axis}, sign);
        return p;
    }
    case 2:  // cylinder
        x = torch::cos(u * 2 * pi);
        y = torch::sin(u * 2 * pi);
        z = v * 2 - 1;
        break;
    case 3:  // cone
        x = (1 - v) * torch::cos(u * 2 * pi);
        y = (1 - v) * torch::sin(u * 2 * pi);
        z = v * 2 - 1;
        break;
    default:  // torus
        x = (0.7 + 0.3 * torch::cos(v * 2 * pi)) * torch::cos(u * 2 * pi);
        y = (0.7 + 0.3 * torch::cos(v * 2 * pi)) * torch::sin(u * 2 * pi);
        z = 0.3 * torch::sin(v * 2 * pi);
        break;
    }
    return torch::stack({x, y, z}, 1);
}

}  // namespace

void make_shape_clouds(int count, std::vector<float>& data, std::vector<int64_t>& labels) {
    data.clear();
    labels.clear();
    data.reserve(static_cast<size_t>(count) * POINT_COUNT * 3);
    for (int i = 0; i < count; ++i) {
        const int shape = i % kNumShapes;
        auto pts = sample_shape(shape, POINT_COUNT);
        // random anisotropic scale and small jitter
        pts = pts * (0.8 + 0.4 * torch::rand({1, 3})) + 0.02 * torch::randn({POINT_COUNT, 3});
        // centre and scale to the unit ball
        pts = pts - pts.mean(0, true);
        pts = pts / (pts.norm(2, {1}).max() + 1e-8);
        auto acc = pts.contiguous();
        const float* p = acc.data_ptr<float>();
        data.insert(data.end(), p, p + POINT_COUNT * 3);
        labels.push_back(shape);
    }
}
