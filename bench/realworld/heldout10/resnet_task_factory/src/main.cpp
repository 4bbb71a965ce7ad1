#include "shapes_factory.hpp"
#include "trainer.hpp"

#include <iostream>
#include <memory>

using Trainer =
    torch::Trainer<torch::data::datasets::ShapesDataset, torch::data::samplers::RandomSampler>;

static double evaluate(torch::nn::AnyModule model, torch::Device device, int64_t num_shapes) {
    auto test_set = torch::data::datasets::ShapesDataset(600, /*seed=*/2);
    torch::NoGradGuard no_grad;
    model.ptr()->eval();
    int64_t correct = 0;
    for (size_t i = 0; i < 600; i += 100) {
        std::vector<torch::Tensor> xs, ys;
        for (size_t j = i; j < i + 100; j++) {
            auto e = test_set.get(j);
            xs.push_back(e.data);
            ys.push_back(e.target);
        }
        auto logits = model.forward(torch::stack(xs).to(device));
        auto pred = logits.narrow(1, 0, num_shapes).argmax(1);
        correct += pred.eq(torch::stack(ys).to(device)).sum().item<int64_t>();
    }
    return correct / 600.0;
}

int main() {
    torch::manual_seed(0);
    torch::Device device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;

    auto factory_ptr = std::make_unique<ShapesFactory>(
        "shapes", 64, "/tmp/shapes/log", 0, 1800, 0.05);
    auto model = factory_ptr->make_model();

    std::cout << "untrained test accuracy: "
              << evaluate(model, device, torch::data::datasets::ShapesDataset::kNumShapes) << std::endl;

    Trainer trainer(
        /* device           */
        device,
        /* model            */
        model,
        /* dataloader       */
        std::move(factory_ptr->make_dataloader()),
        /* optimizer        */
        std::move(factory_ptr->make_optimizer(model)),
        /* loss_function    */
        factory_ptr->make_loss_function(),
        /* collate_function */
        factory_ptr->make_collate_function(),
        /* accumulation     */
        2);

    trainer.train(8);

    std::cout << "final loss: " << trainer.last_loss() << std::endl;
    std::cout << "test accuracy: "
              << evaluate(model, device, torch::data::datasets::ShapesDataset::kNumShapes) << std::endl;
    return 0;
}
