#include "dataloader.h"

#include <cmath>

namespace {

// One filled shape of the given class inside the box, as a [H, W] mask.
torch::Tensor shape_mask(int cls, const torch::Tensor& xs, const torch::Tensor& ys,
                         float cx, float cy, float w, float h) {
    auto u = (xs - cx) / (w / 2);  // -1..1 inside the box
    auto v = (ys - cy) / (h / 2);
    auto inside = (u.abs() <= 1) & (v.abs() <= 1);
    switch (cls) {
        case 1:  // rectangle
            return inside;
        case 2:  // ellipse
            return (u * u + v * v) <= 1;
        case 3:  // triangle (apex up)
            return inside & (u.abs() <= (v + 1) / 2);
        case 4:  // ring
            return ((u * u + v * v) <= 1) & ((u * u + v * v) >= 0.36);
        default:  // cross
            return inside & ((u.abs() <= 0.3) | (v.abs() <= 0.3));
    }
}

}  // namespace

std::tuple<std::vector<torch::Tensor>, std::vector<torch::Tensor>> get_train_data(
    int count, int img_size, int num_classes, uint64_t seed) {
    auto gen = at::detail::createCPUGenerator(seed);
    std::vector<torch::Tensor> images, targets;

    auto coords = (torch::arange(img_size, torch::kFloat32) + 0.5) / img_size;
    auto ys = coords.view({ -1, 1 }).expand({ img_size, img_size });
    auto xs = coords.view({ 1, -1 }).expand({ img_size, img_size });

    for (int n = 0; n < count; ++n) {
        auto image = 0.1 * torch::rand({ 3, img_size, img_size }, gen);
        const int objects = 1 + (torch::rand({ 1 }, gen).item<float>() < 0.4f ? 1 : 0);
        std::vector<torch::Tensor> rows;
        for (int o = 0; o < objects; ++o) {
            auto r = torch::rand({ 6 }, gen);
            const int cls = 1 + static_cast<int>(r[0].item<float>() * (num_classes - 1)) % (num_classes - 1);
            const float w = 0.15f + 0.35f * r[1].item<float>();
            const float h = 0.15f + 0.35f * r[2].item<float>();
            float cx = w / 2 + (1 - w) * r[3].item<float>();
            float cy = h / 2 + (1 - h) * r[4].item<float>();
            if (o == 1) {  // keep the second object in the other half of the image
                cx = rows[0][0].item<float>() < 0.5f ? std::max(cx, 0.5f + w / 4) : std::min(cx, 0.5f - w / 4);
                cx = std::min(std::max(cx, w / 2), 1 - w / 2);
            }
            auto mask = shape_mask(cls, xs, ys, cx, cy, w, h).to(torch::kFloat32);
            auto colour = 0.5 + 0.5 * torch::rand({ 3, 1, 1 }, gen);
            colour[cls % 3] = 1.0;
            image = image * (1 - mask) + colour * mask;
            rows.push_back(torch::tensor({ cx, cy, w, h, static_cast<float>(cls) }));
        }
        images.push_back(image);
        targets.push_back(torch::stack(rows, 0));
    }
    return { images, targets };
}
