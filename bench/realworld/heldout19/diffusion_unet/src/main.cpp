#include <torch/torch.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "ddpm.h"
#include "shapes_dataset.h"
#include "trainer.h"
#include "unet.h"

namespace {
void parse_flag(int argc, char **argv, const char *name, int &value) {
    for (int i = 1; i + 1 < argc; ++i) {
        if (std::strcmp(argv[i], name) == 0) value = std::atoi(argv[i + 1]);
    }
}
}  // namespace

// this function use to test the Unet model's validity.
void test_unet_train(Unet &model,
                     ShapesDataset dataset_in,
                     int train_batch_size,
                     int num_workers,
                     int epochs = 100,
                     torch::Device device = torch::Device(torch::kCPU)) {
    auto dataset = std::move(dataset_in)
            .map(torch::data::transforms::Stack<torch::data::TensorExample>());

    auto train_loader = torch::data::make_data_loader<torch::data::samplers::RandomSampler>(
            std::move(dataset),
            torch::data::DataLoaderOptions()
                    .drop_last(true)
                    .batch_size(train_batch_size)
                    .workers(num_workers));

    torch::optim::AdamW optimizer(model->parameters(), 2e-4);

    auto step = 0;
    for (int epoch = 1; epoch <= epochs; ++epoch) {
        model->train();
        size_t batch_idx = 0;

        for (auto &batch : *train_loader) {
            auto images = batch.data.to(device);
            auto steps = torch::zeros({images.size(0), 20}, torch::TensorOptions().dtype(images.dtype()).device(device));

            optimizer.zero_grad();
            auto denoise = model->forward(images + 0.5 * torch::randn_like(images), steps);
            auto loss = torch::sum((denoise - images).pow(2), {1, 2, 3}, true).mean();

            loss.backward();
            optimizer.step();

            if ((step + 1) % 20 == 0) {
                std::printf("Unet check: epoch [%d / %d] .. [%zu] Loss: %.4f\n", epoch, epochs, batch_idx,
                            loss.item<float>());
            }
            batch_idx += 1;
            step += 1;
        }
    }
}

auto main(int argc, char **argv) -> int {
    torch::manual_seed(0);

    /*------------define model scale.------------*/
    int img_width = 16;
    int img_height = 16;
    std::tuple<int, int> img_size({img_height, img_width});   // image size (height, width)
    std::vector<int> scales = {1, 2};                          // channel multiplier for each block, times base_c
    int emb_dim = 20;                                          // width of the step embedding
    int T = 100;                                               // sampler steps
    auto device = torch::Device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
    /*-------------------------------------------*/

    /*------------define train/test params--------*/
    std::string exp_name("shapes16");
    int batch_size = 16;
    double learning_rate = 1e-3;
    int num_epochs = 24;
    double ema_decay = 0.99;
    int num_workers = 0;
    int save_and_sample_every = 100;
    int accumulation_steps = 2;
    /*--------------------------------------------*/
    parse_flag(argc, argv, "--epochs", num_epochs);
    parse_flag(argc, argv, "--batch_size", batch_size);

    ShapesDataset train_set(320, img_size, 7);
    ShapesDataset test_set(128, img_size, 99);

    // quick validity check of the Unet as a plain denoiser, on its own model.
    {
        Unet check_model(1, img_size, scales, emb_dim);
        check_model->to(device);
        test_unet_train(check_model, ShapesDataset(160, img_size, 3), batch_size, num_workers, 2, device);
    }

    auto model = Unet(1, img_size, scales, emb_dim);
    auto sampler_options = SamplerOptions()
            .img_width(img_width)
            .img_height(img_height)
            .T(T)
            .embedding_size(emb_dim)
            .stride(1);

    std::shared_ptr<Sampler> diffusion = std::dynamic_pointer_cast<Sampler>(DDPM(model.ptr(), sampler_options).ptr());
    diffusion->to(device);

    // fixed noisy test images: one step per image, spread over the schedule
    auto test_images = test_set.images();
    auto test_steps = torch::arange(test_images.size(0), torch::kLong).remainder(T);
    auto test_noise = torch::randn_like(test_images);

    double mse_before = test_noise_mse(diffusion, test_images, test_steps, test_noise);

    auto trainer = Trainer(diffusion,
            /*img_size=*/img_size,
            /*exp_name=*/exp_name,
            /*train_batch_size=*/batch_size,
            /*train_lr=*/learning_rate,
            /*train_num_epochs=*/num_epochs,
            /*ema_decay=*/ema_decay,
            /*num_workers=*/num_workers,
            /*save_and_sample_every=*/save_and_sample_every,
            /*accumulation_steps=*/accumulation_steps
    );
    trainer.train(train_set);

    double mse_after = test_noise_mse(diffusion, test_images, test_steps, test_noise);
    double mse_ema = test_noise_mse(trainer.shadow(), test_images, test_steps, test_noise);

    std::printf("final loss: %.6f\n", trainer.last_epoch_loss());
    std::printf("test noise MSE (128 held-out pictures, fixed steps and noise): untrained %.6f -> trained %.6f (EMA %.6f)\n",
                mse_before, mse_after, mse_ema);
    return 0;
}
