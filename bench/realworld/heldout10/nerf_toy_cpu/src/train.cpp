#include "stdafx.h"
//
#include "nerf.h"
#include "scene.h"
#include "utils.h"
#include "volume_rendering.h"

#include <chrono>

using namespace nerf;

static float Psnr(const torch::Tensor& a, const torch::Tensor& b) {
    auto mse = (a - b).pow(2).mean();
    return (-10.0 * torch::log10(mse + 1e-10)).item<float>();
}

int main() {
    torch::manual_seed(0);
    const auto start = std::chrono::steady_clock::now();

    constexpr int kNumEpoch = 3;
    constexpr int64_t kBatchSize = 64;
    constexpr int kImageSize = 16;
    const int64_t view_width = EnvInt("NERF_VIEW_WIDTH", 50);

    Scene scene;
    auto train_views = scene.MakeViews(24, 0.0f, kImageSize);
    auto test_views = scene.MakeViews(2, 0.3f, kImageSize);
    std::array<float, 3> white{1.0f, 1.0f, 1.0f};
    std::vector<torch::Tensor> train_images, test_images;
    for (const auto& v : train_views) train_images.push_back(scene.Render(v, white));
    for (const auto& v : test_views) test_images.push_back(scene.Render(v, white));

    auto dataset = RayDataset(train_views, train_images)
                       .map(torch::data::transforms::Stack<>());
    const auto train_dataloader =
        torch::data::make_data_loader<torch::data::samplers::RandomSampler>(
            dataset, torch::data::DataLoaderOptions().batch_size(kBatchSize));
    auto nerf = NeRF(kImageSize, kImageSize, kBatchSize, view_width);

    nerf.RadianceFieldCoarse()->train();
    nerf.RadianceFieldFine()->train();

    auto parameters = nerf.RadianceFieldCoarse()->parameters();
    for (auto& p : nerf.RadianceFieldFine()->parameters()) parameters.push_back(p);
    auto optimizer = torch::optim::Adam(
        parameters, torch::optim::AdamOptions().lr(5e-3).betas({0.9, 0.999}).eps(1e-7));

    float last_loss = 0.0f;
    int steps = 0;
    for (auto epoch_i = 0; epoch_i < kNumEpoch; epoch_i++) {
        auto batch_i = 0;
        auto epoch_loss = AverageMeter<float>();
        for (auto& batch : *train_dataloader) {
            auto data = batch.data;
            auto o = data.index({torch::indexing::Slice(), 0});
            auto d = data.index({torch::indexing::Slice(), 1});
            auto c = batch.target.detach();
            auto params = VolumeRenderingWithRadianceFieldParams{
                nerf.RadianceFieldCoarse(), nerf.RadianceFieldFine(), o, d,
                nerf.GetTNear(), nerf.GetTFar(), nerf.GetNCoarse(), nerf.GetNFine(),
                nerf.GetBackColor()};
            auto [c_c, c_f] = VolumeRenderingWithRadianceField(params);
            auto loss_c = torch::nn::functional::mse_loss(c_c, c);
            auto loss_f = torch::nn::functional::mse_loss(c_f, c);
            optimizer.zero_grad();
            // one backward pass per network: the two graphs share no tensor
            loss_c.backward();
            loss_f.backward();
            optimizer.step();
            batch_i++;
            steps++;
            last_loss = loss_c.item<float>() + loss_f.item<float>();
            epoch_loss.Add(last_loss);
        }
        std::cout << "epoch " << epoch_i << ": loss " << epoch_loss.GetAverage()
                  << " (" << batch_i << " batches)" << std::endl;
    }
    std::cout << "optimizer steps: " << steps << std::endl;
    std::cout << "final loss: " << last_loss << std::endl;

    nerf.RadianceFieldCoarse()->eval();
    nerf.RadianceFieldFine()->eval();
    auto mean_color = torch::cat(train_images, 0).reshape({-1, 3}).mean(0);
    for (size_t i = 0; i < test_views.size(); ++i) {
        auto [img_c, img_f] = nerf.forward(test_views[i]);
        auto flat = torch::ones_like(test_images[i]) * mean_color;
        std::cout << "test view " << i << ": PSNR coarse " << Psnr(img_c, test_images[i])
                  << " dB, fine " << Psnr(img_f, test_images[i])
                  << " dB (mean colour " << Psnr(flat, test_images[i]) << " dB)" << std::endl;
    }
    std::cout << "elapsed: "
              << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()
              << " s" << std::endl;
    return 0;
}
