#include "trainer.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

torch::Device pick_device()
{
    if (torch::cuda::is_available())
    {
        std::printf("CUDA available! Training on GPU.\n");
        return torch::Device(torch::kCUDA, 0);
    }
    std::printf("Training on CPU.\n");
    return torch::Device(torch::kCPU);
}

torch::Tensor make_blob_images(int64_t count, int64_t size, uint64_t seed)
{
    auto gen = at::detail::createCPUGenerator(seed);
    auto coords = torch::arange(size, torch::kFloat);
    auto yy = coords.view({1, size, 1});
    auto xx = coords.view({1, 1, size});

    auto images = torch::zeros({count, size, size});
    for (int blob = 0; blob < 2; ++blob)
    {
        auto cx = at::rand({count, 1, 1}, gen) * (size - 8) + 4;
        auto cy = at::rand({count, 1, 1}, gen) * (size - 8) + 4;
        auto sigma = at::rand({count, 1, 1}, gen) * 2.5 + 1.5;
        auto present = (blob == 0) ? torch::ones({count, 1, 1}) : at::bernoulli(torch::full({count, 1, 1}, 0.5), gen);
        auto d2 = (xx - cx).pow(2) + (yy - cy).pow(2);
        images = torch::maximum(images, present * torch::exp(-d2 / (2 * sigma * sigma)));
    }
    return images.unsqueeze(1);
}

double train_epoch(
    AutoEncoder&                model,
    torch::Device               device,
    const torch::Tensor&        images,
    torch::optim::Optimizer&    optimizer,
    int64_t                     batch_size,
    double                      sparsity_weight)
{
    model->train();
    const int64_t dataset_size = images.size(0);
    auto perm = torch::randperm(dataset_size, torch::kLong);
    double last_loss = 0.0;
    for (int64_t start = 0; start < dataset_size; start += batch_size)
    {
        auto idx = perm.slice(0, start, std::min(start + batch_size, dataset_size));
        auto data = images.index_select(0, idx).to(device);
        optimizer.zero_grad();
        auto code = model->get_encoder()->forward(data);
        auto output = model->get_decoder()->forward(code);
        auto loss = torch::mse_loss(output, data) + sparsity_weight * model->sparsity_penalty(code, 0.05);

        AT_ASSERT(!std::isnan(loss.template item<float>()));
        loss.backward();
        optimizer.step();
        last_loss = loss.template item<double>();
    }
    return last_loss;
}

double test(AutoEncoder& model, torch::Device device, const torch::Tensor& images)
{
    torch::NoGradGuard no_grad{};
    model->eval();
    auto data = images.to(device);
    auto output = model->forward(data);
    return torch::mse_loss(output, data).template item<double>();
}

double project_to_latent(AutoEncoder& model, torch::Device device, const torch::Tensor& targets, int iterations)
{
    model->eval();
    for (auto& p : model->parameters())
    {
        p.requires_grad_(false);
    }
    auto target = targets.to(device);
    auto z = torch::zeros({target.size(0), model->get_z_dim()}, torch::TensorOptions().device(device)).requires_grad_(true);
    torch::optim::LBFGS lbfgs({z}, torch::optim::LBFGSOptions(0.5).max_iter(5));

    double projection_loss = 0.0;
    for (int it = 0; it < iterations; ++it)
    {
        auto closure = [&]() -> torch::Tensor {
            lbfgs.zero_grad();
            auto reconstruction = model->get_decoder()->forward(z);
            auto loss = torch::mse_loss(reconstruction, target);
            loss.backward();
            return loss;
        };
        projection_loss = lbfgs.step(closure).item<double>();
    }
    return projection_loss;
}
