#include "scene.h"

using namespace torch::indexing;

namespace nerf {
std::tuple<torch::Tensor, torch::Tensor> CameraParamsToRays(const View& view) {
    auto o = torch::zeros({view.width, view.height, 4},
                          torch::TensorOptions().requires_grad(false));
    o.index({Slice(), Slice(), 3}) = 1.0f;
    const auto grid = torch::meshgrid(
        {torch::arange(view.height), torch::arange(view.width)}, "xy");
    const auto u = grid[1].to(torch::kFloat);
    const auto v = grid[0].to(torch::kFloat);
    const auto x = (u - view.cx) / view.f;
    const auto y = (v - view.cy) / view.f;
    const auto z = torch::ones_like(x);
    const auto w = torch::ones_like(x);
    auto d = torch::stack({x, y, z, w}, 2);
    o = torch::matmul(view.pose, o.unsqueeze(-1))
            .index({"...", Slice(0, 3), 0});
    d = torch::matmul(view.pose.unsqueeze(0), d.unsqueeze(-1))
            .index({"...", Slice(0, 3), 0});
    d -= o;
    d /= torch::norm(d, 2, 2, true);
    return {o, d};
}

Scene::Scene() {
    centers_ = torch::tensor({-0.4f, 0.0f, 0.1f, 0.45f, 0.1f, -0.2f, 0.0f, -0.35f, 0.5f}).view({3, 3});
    radii_ = torch::tensor({0.45f, 0.4f, 0.35f});
    colors_ = torch::tensor({0.9f, 0.2f, 0.15f, 0.2f, 0.8f, 0.25f, 0.15f, 0.3f, 0.9f}).view({3, 3});
}

torch::Tensor Scene::Density(const torch::Tensor& x) const {
    auto dist = torch::cdist(x, centers_);                        // [n, 3]
    auto member = torch::sigmoid((radii_.unsqueeze(0) - dist) * 20.0f);
    return 12.0f * member.sum(1);
}

torch::Tensor Scene::Color(const torch::Tensor& x) const {
    auto dist = torch::cdist(x, centers_);
    auto member = torch::sigmoid((radii_.unsqueeze(0) - dist) * 20.0f);
    return torch::matmul(member, colors_) / (member.sum(1, true) + 1e-6f);
}

std::vector<View> Scene::MakeViews(int count, float angle_offset, int size) const {
    std::vector<View> views;
    for (int i = 0; i < count; ++i) {
        float theta = angle_offset + 2.0f * static_cast<float>(M_PI) * i / count;
        auto pos = torch::tensor({3.0f * std::cos(theta), 0.6f + 0.3f * std::sin(3.0f * theta), 3.0f * std::sin(theta)});
        auto forward = -pos / pos.norm();
        auto right = torch::cross(forward, torch::tensor({0.0f, 1.0f, 0.0f}), 0);
        right = right / right.norm();
        auto up = torch::cross(right, forward, 0);
        auto pose = torch::eye(4);
        pose.index({Slice(0, 3), 0}) = right;
        pose.index({Slice(0, 3), 1}) = up;
        pose.index({Slice(0, 3), 2}) = forward;
        pose.index({Slice(0, 3), 3}) = pos;
        views.push_back(View{static_cast<float>(size), size / 2.0f, size / 2.0f, size, size, pose});
    }
    return views;
}

torch::Tensor Scene::Render(const View& view, const std::array<float, 3>& c_bg) const {
    torch::NoGradGuard no_grad;
    auto [o, d] = CameraParamsToRays(view);
    o = o.reshape({-1, 3});
    d = d.reshape({-1, 3});
    const int64_t n = 96;
    auto t = torch::linspace(1.5f, 4.5f, n).unsqueeze(0).repeat({o.size(0), 1});
    auto x = (o.index({Slice(), None}) + t.index({"...", None}) * d.index({Slice(), None})).view({-1, 3});
    auto sigma = Density(x).view({o.size(0), n});
    auto rgb = Color(x).view({o.size(0), n, 3});
    const float delta = 3.0f / (n - 1);
    auto alpha = 1.0f - torch::exp(-sigma * delta);
    auto trans = torch::exp(-torch::cumsum(sigma * delta, 1) + sigma * delta);
    auto w = trans * alpha;
    auto bg = torch::tensor({c_bg[0], c_bg[1], c_bg[2]}).view({1, 3});
    auto c = (w.unsqueeze(-1) * rgb).sum(1) + (1.0f - w.sum(1, true)) * bg;
    return c.reshape({view.width, view.height, 3});
}

RayDataset::RayDataset(const std::vector<View>& views, const std::vector<torch::Tensor>& images) {
    std::vector<torch::Tensor> rays, colors;
    for (size_t i = 0; i < views.size(); ++i) {
        auto [o, d] = CameraParamsToRays(views[i]);
        rays.push_back(torch::stack({o.reshape({-1, 3}), d.reshape({-1, 3})}, 1));
        colors.push_back(images[i].reshape({-1, 3}));
    }
    rays_ = torch::cat(rays, 0);
    colors_ = torch::cat(colors, 0);
}

torch::data::Example<> RayDataset::get(size_t index) {
    return {rays_[index], colors_[index]};
}

torch::optional<size_t> RayDataset::size() const {
    return rays_.size(0);
}
}  // namespace nerf
