#include <torch/torch.h>

#include <chrono>
#include <iostream>
#include <string>

#include "auto_encoder.h"
#include "trainer.h"

namespace
{
    constexpr int64_t TRAIN_SIZE        {512};
    constexpr int64_t TEST_SIZE         {128};
    constexpr int64_t TRAIN_BATCH_SIZE  {32};
    constexpr double  LEARNING_RATE     {0.001};
    constexpr int64_t EPOCHS            {10};
    constexpr int     Z_DIM             {20};
    constexpr double  SPARSITY_WEIGHT   {0.001};

    AutoEncoder make_model()
    {
        std::vector<int> encoder_conv_filters       {16, 32, 64,  64};
        std::vector<int> encoder_conv_kernel_sizes  { 3,  3,  3,  3};
        std::vector<int> encoder_conv_strides       { 1,  2,  2,  1};
        std::vector<int> decoder_conv_filters       {64, 32, 16,  1};
        std::vector<int> decoder_conv_kernel_sizes  { 3,  3,  3,  3};
        std::vector<int> decoder_conv_strides       { 1,  2,  2,  1};

        return AutoEncoder{
            std::move(encoder_conv_filters),
            std::move(encoder_conv_kernel_sizes),
            std::move(encoder_conv_strides),
            std::move(decoder_conv_filters),
            std::move(decoder_conv_kernel_sizes),
            std::move(decoder_conv_strides),
            Z_DIM,
            /*uses_batch_norm=*/true
        };
    }
}

int main()
{
    torch::manual_seed(1);
    torch::Device device = pick_device();

    auto model = make_model();
    model->to(device);

    const auto train_images = make_blob_images(TRAIN_SIZE, 28, 1);
    const auto test_images = make_blob_images(TEST_SIZE, 28, 2);

    torch::optim::Adam optimizer {
        model->parameters(),
        torch::optim::AdamOptions(LEARNING_RATE)
    };

    const auto start = std::chrono::system_clock::now();
    double loss = 0.0;
    for (auto epoch = 1; epoch <= EPOCHS; ++epoch)
    {
        loss = train_epoch(model, device, train_images, optimizer, TRAIN_BATCH_SIZE, SPARSITY_WEIGHT);
        std::cout << "epoch " << epoch << " loss " << loss << std::endl;
    }
    const auto end = std::chrono::system_clock::now();
    std::cout << std::chrono::duration_cast<std::chrono::seconds>(end - start).count() << " [sec]" << std::endl;

    const double test_loss = test(model, device, test_images);
    const double projection_loss = project_to_latent(model, device, test_images.slice(0, 0, 16), 10);

    std::cout << "final loss: " << loss << std::endl;
    std::cout << "test reconstruction mse: " << test_loss << std::endl;
    std::cout << "latent projection mse: " << projection_loss << std::endl;
    return 0;
}
