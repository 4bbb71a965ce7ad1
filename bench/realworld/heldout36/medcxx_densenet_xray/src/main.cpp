#include <iostream>
#include <memory>
#include <torch/torch.h>

#include "ArgParser.hpp"
#include "ClassificationTrainer.hpp"
#include "DenseNet.hpp"

int main(int argc, char** argv) {
    torch::manual_seed(0);
    try {
        // Parse CLI arguments -> cfg
        auto cfg = med::common::ArgParser::parse(argc, argv);

        std::cout << "> Parsed configuration:\n";
        std::cout << "  modelType      =  " << static_cast<int>(cfg.modelType) << "\n";
        std::cout << "  clsTrainDir    =  \"" << cfg.clsTrainDir << "\"\n";
        std::cout << "  clsTestDir     =  \"" << cfg.clsTestDir << "\"\n";
        std::cout << "  epochs         =  " << cfg.epochs << "\n";
        std::cout << "  useCUDA        =  " << (cfg.useCUDA ? "true" : "false") << "\n";
        std::cout << "> End of configuration.\n\n";

        // Decide on device
        bool useCuda = (cfg.deviceStr == "cuda");
        if (useCuda && !torch::cuda::is_available()) {
            std::cout << "[INFO] CUDA requested but not available; using CPU.\n";
            useCuda = false;
        }
        torch::Device device = useCuda ? torch::Device(torch::kCUDA) : torch::Device(torch::kCPU);

        std::shared_ptr<med::models::BaseModel> model;
        switch (cfg.modelType) {
            case med::common::ModelType::DenseNet: {
                std::vector<int> blockCfg {2, 4, 4, 2};
                int growthRate = 20;
                int numClasses = cfg.clsTrainDir.empty() ? 2 : static_cast<int>(cfg.clsTrainDir.size());
                auto dnetImpl = std::make_shared<med::models::DenseNetImpl>(blockCfg, growthRate, 64, numClasses, device);
                model = dnetImpl; // upcast
                break;
            }
            default:
                std::cerr << "[ERROR] only the DenseNet classifier is part of this program\n";
                return EXIT_FAILURE;
        }

        // Instantiate Trainer
        std::unique_ptr<med::trainer::BaseTrainer> trainer =
            std::make_unique<med::trainer::ClassificationTrainer>(model, cfg);

        if (!cfg.skipTraining) {
            std::cout << "[INFO] Starting training...\n";
            trainer->train();
        }

        std::cout << "[INFO] Starting evaluation...\n";
        trainer->evaluate();

        std::cout << "final loss: " << trainer->lastEpochLoss() << "\n";
        return EXIT_SUCCESS;
    }
    catch (const std::exception& ex) {
        std::cerr << "[ERROR] std::exception: " << ex.what() << "\n";
        return EXIT_FAILURE;
    }
}
