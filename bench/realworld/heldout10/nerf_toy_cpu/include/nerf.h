#ifndef NERF_H
#define NERF_H
#include "stdafx.h"
//
#include "radiance_field.h"
#include "scene.h"
#include "volume_rendering.h"

namespace nerf {

class NeRF {
   public:
    NeRF() = delete;
    NeRF(const int width, const int height, const int64_t batch_size,
         const int64_t view_width,
         const float t_n = 1.5f, const float t_f = 4.5f,
         const int64_t length_x = 6, const int64_t length_dim = 4,
         const std::array<float, 3>& c_bg = {1.0f, 1.0f, 1.0f})
        : c_bg_(c_bg),
          width_(width),
          height_(height),
          t_n_(t_n),
          t_f_(t_f),
          length_x_(length_x),
          length_dim_(length_dim),
          batch_size_(batch_size),
          rf_c_(length_x, length_dim, view_width),
          rf_f_(length_x, length_dim, view_width) {}

    // renders a whole view in batches of rays: coarse and fine images, [width, height, 3]
    std::tuple<torch::Tensor, torch::Tensor> forward(const View& view) {
        auto [o, d] = CameraParamsToRays(view);
        o = o.reshape({-1, 3});
        d = d.reshape({-1, 3});
        std::vector<torch::Tensor> c_c, c_f;
        {
            torch::NoGradGuard no_grad;
            for (int64_t i = 0; i < o.size(0); i += batch_size_) {
                auto o_i = o.index({torch::indexing::Slice(i, i + batch_size_)});
                auto d_i = d.index({torch::indexing::Slice(i, i + batch_size_)});
                auto params = VolumeRenderingWithRadianceFieldParams{
                    rf_c_, rf_f_, o_i, d_i, t_n_, t_f_, kNc, kNf, c_bg_};
                auto [c_c_tmp, c_f_tmp] = VolumeRenderingWithRadianceField(params);
                c_c.push_back(c_c_tmp.detach());
                c_f.push_back(c_f_tmp.detach());
            }
        }
        auto img_c = torch::cat(c_c, 0).reshape({width_, height_, 3}).clamp(0.0f, 1.0f);
        auto img_f = torch::cat(c_f, 0).reshape({width_, height_, 3}).clamp(0.0f, 1.0f);
        return {img_c, img_f};
    }

    RadianceField RadianceFieldCoarse() { return rf_c_; }
    RadianceField RadianceFieldFine() { return rf_f_; }
    float GetTFar() const { return t_f_; }
    float GetTNear() const { return t_n_; }
    int64_t GetNCoarse() const { return kNc; }
    int64_t GetNFine() const { return kNf; }
    std::array<float, 3>& GetBackColor() { return c_bg_; }

   private:
    static constexpr int64_t kNc = 12;
    static constexpr int64_t kNf = 12;
    std::array<float, 3> c_bg_;
    const int width_;
    const int height_;

    const float t_n_;
    const float t_f_;
    const int64_t length_x_;
    const int64_t length_dim_;
    const int64_t batch_size_;

    RadianceField rf_c_;
    RadianceField rf_f_;
};
}  // namespace nerf
#endif
