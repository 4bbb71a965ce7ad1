#pragma once

#include "ArgParser.hpp"
#include "BaseModel.hpp"
#include "ImageLoader.hpp"
#include <memory>
#include <string>
#include <torch/torch.h>

namespace med {
namespace trainer {

// Abstract base trainer
class BaseTrainer {
public:
    BaseTrainer(std::shared_ptr<models::BaseModel> model, const common::Config& cfg);
    virtual ~BaseTrainer() = default;

    virtual void train() = 0;
    virtual void evaluate() = 0;

    double lastEpochLoss() const { return lastLoss; }

protected:
    std::shared_ptr<models::BaseModel> model;
    const common::Config& cfg;
    torch::Device device;
    double lastLoss = 0.0;

    // Utility: create (and return) a torch::optim::Adam for the given model
    torch::optim::Adam makeOptimizer();

    // Utility: print a progress line
    void printProgress(size_t current, size_t total);
};

} // namespace trainer
} // namespace med
