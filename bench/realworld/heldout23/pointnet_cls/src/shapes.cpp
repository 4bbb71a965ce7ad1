#include "shapes.h"

#include <cmath>

namespace {

torch::Tensor sample_shape(int label, int64_t n) {
    const double pi = 3.14159265358979;
    auto u = torch::rand({n});
    auto v = torch::rand({n});
    torch::Tensor x, y, z;
    switch (label) {
    case 0: {  // sphere
        auto p = torch::randn({n, 3});
        p = p / p.norm(2, 1, true);
        return p;
    }
    case 1: {  // cube surface
        auto p = torch::rand({n, 3}) * 2 - 1;
        auto face = torch::randint(0, 3, {n}, torch::kLong);
        auto side = torch::randint(0, 2, {n}).to(torch::kFloat) * 2 - 1;
        p.scatter_(1, face.unsqueeze(1), side.unsqueeze(1));
        return p * 0.8;
    }
    case 2: {  // cylinder
        auto t = u * 2 * pi;
        x = torch::cos(t) * 0.7; y = torch::sin(t) * 0.7; z = v * 2 - 1;
        break;
    }
    case 3: {  // cone
        auto t = u * 2 * pi;
        auto r = (1 - v) * 0.9;
        x = torch::cos(t) * r; y = torch::sin(t) * r; z = v * 2 - 1;
        break;
    }
    default: {  // torus
        auto t = u * 2 * pi;
        auto s = v * 2 * pi;
        auto r = 0.7 + 0.25 * torch::cos(s);
        x = torch::cos(t) * r; y = torch::sin(t) * r; z = 0.25 * torch::sin(s);
        break;
    }
    }
    return torch::stack({x, y, z}, 1);
}

}  // namespace

ShapeSet make_shapes(int64_t per_class) {
    std::vector<torch::Tensor> clouds;
    std::vector<int64_t> labels;
    for (int label = 0; label < kNumClasses; ++label) {
        for (int64_t i = 0; i < per_class; ++i) {
            auto p = sample_shape(label, kNumPoints);
            // random rotation about z, random scale, jitter
            const double a = torch::rand({1}).item<double>() * 6.2831853;
            auto rot = torch::tensor({{std::cos(a), -std::sin(a), 0.0}, {std::sin(a), std::cos(a), 0.0}, {0.0, 0.0, 1.0}}, torch::kFloat);
            const double scale = 0.8 + 0.4 * torch::rand({1}).item<double>();
            p = torch::matmul(p, rot.t()) * scale + 0.02 * torch::randn({kNumPoints, 3});
            clouds.push_back(p.t());
            labels.push_back(label);
        }
    }
    return {torch::stack(clouds), torch::tensor(labels, torch::kLong)};
}
