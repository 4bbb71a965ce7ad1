// main.cpp — "cms train" entry point of the cross-modal stereo matcher
#include <iostream>
#include <string>

#include <torch/torch.h>

#include "training/trainer.h"

int main(int argc, char** argv) {
    torch::manual_seed(0);
    torch::set_num_threads(1);

    cms::TrainingConfig config;
    config.manifest_path = "data/synthetic_manifest.csv";
    config.output_model_path = "models/siamese_features.pt";
    config.num_epochs = 5;
    config.batch_size = 2;
    config.samples_per_image = 512;
    config.max_samples = 16;
    config.log_every = 4;
    if (argc > 1) config.num_epochs = std::stoi(argv[1]);

    auto result = cms::Trainer::train(config);
    if (!result) {
        std::cerr << "[train] failed: " << result.error_msg() << std::endl;
        return 1;
    }
    std::cout << "final loss: " << result.value() << std::endl;
    return 0;
}
