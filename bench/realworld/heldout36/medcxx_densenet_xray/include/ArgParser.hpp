#pragma once

#include <string>

namespace med {
namespace common {

// Which model to run
enum class ModelType { UNet, DenseNet, ResNet, Unknown };

struct Config {
    // Global
    ModelType modelType = ModelType::Unknown;
    std::string modelName = "";
    bool skipTraining = false;

    // Device
    bool useCUDA = false;
    std::string deviceStr = "cpu"; // "cpu" or "cuda"

    // Common hyperparameters
    size_t epochs = 50;
    double learningRate = 1e-3;

    // Classification-specific (DenseNet/ResNet)
    std::string clsTrainDir = "";
    std::string clsTestDir = "";

    // Miscellaneous
    size_t printBarWidth = 50;
};

// A very minimal parser:
//   medcxx <model> [--train-dir PATH] [--test-dir PATH] [--cuda] [--epochs N] [--lr LR]
class ArgParser {
public:
    static Config parse(int argc, char** argv);
};

} // namespace common
} // namespace med
