#ifndef SCENE_H
#define SCENE_H

#include "stdafx.h"

namespace nerf {
struct View {
    float f;
    float cx;
    float cy;
    int width;
    int height;
    torch::Tensor pose;  // 4 x 4 camera-to-world
};

// one ray per pixel: origins and unit directions, [width, height, 3] each
std::tuple<torch::Tensor, torch::Tensor> CameraParamsToRays(const View& view);

// Three soft coloured balls in the unit cube, rendered by dense quadrature:
// stands in for the photographs and camera poses of a captured scene.
class Scene {
   public:
    Scene();
    std::vector<View> MakeViews(int count, float angle_offset, int size) const;
    torch::Tensor Render(const View& view, const std::array<float, 3>& c_bg) const;  // [w, h, 3]

   private:
    torch::Tensor Density(const torch::Tensor& x) const;  // [n, 3] -> [n]
    torch::Tensor Color(const torch::Tensor& x) const;    // [n, 3] -> [n, 3]
    torch::Tensor centers_, radii_, colors_;
};

// every training pixel as (origin, direction) -> colour
class RayDataset : public torch::data::datasets::Dataset<RayDataset> {
   public:
    RayDataset(const std::vector<View>& views, const std::vector<torch::Tensor>& images);
    torch::data::Example<> get(size_t index) override;
    torch::optional<size_t> size() const override;

   private:
    torch::Tensor rays_;    // [n, 2, 3]
    torch::Tensor colors_;  // [n, 3]
};
}  // namespace nerf

#endif
