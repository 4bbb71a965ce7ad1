#include <iomanip>
#include <iostream>

#include "torch/torch.h"

#include "lifuren/Config.hpp"
#include "lifuren/ImageModel.hpp"

int main(const int argc, const char* const argv[]) {
    torch::manual_seed(0);

    lifuren::config::ModelParams params;
    params.lr          = 0.003F;
    params.batch_size  = 64;
    params.epoch_size  = 6;
    params.class_size  = lifuren::dataset::ShapeDataset::kClassSize;
    params.hidden_size = 50;
    params.classify    = true;
    params.model_name  = "shapes";
    params.thread_size = 1;

    lifuren::logDevice();
    lifuren::image::ClassifyModel model(params);
    model.define();
    model.trainValAndTest(true, true);

    std::cout << std::fixed << std::setprecision(4);
    std::cout << "final loss: " << model.getLastTrainLoss() << std::endl;
    std::cout << "test metric: accuracy on 400 test images " << model.getLastTestAccuracy() << std::endl;
    return 0;
}
