#include "shapes.h"

std::pair<torch::Tensor, torch::Tensor> make_shapes(int64_t count, int64_t size, uint64_t seed)
{
    auto gen = at::detail::createCPUGenerator(seed);
    auto coords = torch::arange(size, torch::kFloat);
    auto yy = coords.view({1, size, 1});
    auto xx = coords.view({1, 1, size});

    auto cx = at::rand({count, 1, 1}, gen) * (size - 12) + 6;
    auto cy = at::rand({count, 1, 1}, gen) * (size - 12) + 6;
    auto radius = at::rand({count, 1, 1}, gen) * 5 + 3;
    auto is_disc = at::rand({count, 1, 1}, gen) < 0.5;

    auto disc = ((xx - cx).pow(2) + (yy - cy).pow(2)) < radius.pow(2);
    auto box = ((xx - cx).abs() < radius) & ((yy - cy).abs() < radius * 0.6);
    auto mask = torch::where(is_disc, disc, box).to(torch::kFloat);

    auto brightness = at::rand({count, 1, 1}, gen) * 0.5 + 0.5;
    auto images = mask * brightness + at::normal(0.0, 0.25, {count, size, size}, gen);
    return {images.unsqueeze(1), mask.unsqueeze(1)};
}
