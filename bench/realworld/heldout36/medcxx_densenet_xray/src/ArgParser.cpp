#include "ArgParser.hpp"

#include <stdexcept>

namespace med {
namespace common {

Config ArgParser::parse(int argc, char** argv) {
    Config cfg;
    cfg.modelType = ModelType::DenseNet;
    cfg.clsTrainDir = "data/chest_xray/train";
    cfg.clsTestDir = "data/chest_xray/test";
    cfg.epochs = 5;
    int i = 1;
    if (argc > 1 && argv[1][0] != '-') {
        std::string model = argv[1];
        if (model == "unet") cfg.modelType = ModelType::UNet;
        else if (model == "densenet") cfg.modelType = ModelType::DenseNet;
        else if (model == "resnet") cfg.modelType = ModelType::ResNet;
        else cfg.modelType = ModelType::Unknown;
        i = 2;
    }
    for (; i < argc; ++i) {
        std::string arg = argv[i];
        if (arg == "--cuda") {
            cfg.useCUDA = true;
            cfg.deviceStr = "cuda";
        } else if (arg == "--train-dir" && i + 1 < argc) {
            cfg.clsTrainDir = argv[++i];
        } else if (arg == "--test-dir" && i + 1 < argc) {
            cfg.clsTestDir = argv[++i];
        } else if (arg == "--epochs" && i + 1 < argc) {
            cfg.epochs = static_cast<size_t>(std::stoul(argv[++i]));
        } else if (arg == "--lr" && i + 1 < argc) {
            cfg.learningRate = std::stod(argv[++i]);
        } else if (arg == "--skip-training") {
            cfg.skipTraining = true;
        } else {
            throw std::invalid_argument("unknown argument: " + arg);
        }
    }
    return cfg;
}

} // namespace common
} // namespace med
