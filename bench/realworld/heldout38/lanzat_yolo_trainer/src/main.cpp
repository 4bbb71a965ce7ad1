#include <torch/torch.h>
#include <iostream>
#include <memory>

#include "YoloModel.h"
#include "YoloTrainer.h"

int main() {
    torch::manual_seed(0);

    torch::Device device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
    std::cout << "Device: " << (device.is_cuda() ? "CUDA" : "CPU") << std::endl;

    yolo::YoloConfig model_config;
    model_config.num_classes = 2;
    model_config.input_width = 64;
    model_config.input_height = 64;
    model_config.model_type = "yolov5s";

    auto model = std::make_shared<yolo::YoloModel>(model_config);
    model->to(device);

    yolo::TrainingConfig train_config;
    train_config.num_epochs = 4;
    train_config.batch_size = 8;
    train_config.learning_rate = 0.01f;
    train_config.log_interval = 4;
    train_config.num_workers = 2;

    yolo::YoloTrainer trainer(model, train_config, device);
    bool ok = trainer.train("synthetic/train:64", "synthetic/val:16");
    if (!ok) {
        return 1;
    }

    const auto& history = trainer.get_history();
    std::cout << "final loss: " << history.back().loss << std::endl;
    return 0;
}
