#ifndef TRAIN_SPLIT_MODELS_H
#define TRAIN_SPLIT_MODELS_H

#include <memory>
#include <torch/torch.h>

#include "CIFAR100.h"
#include "CIFAR100CoarseModule.h"
#include "CIFAR100FineModule.h"

namespace torch_explorer
{
    struct SplitResult
    {
        float last_coarse_loss = 0.0f;
        float last_fine_loss = 0.0f;
        float coarse_accuracy = 0.0f;
        float fine_accuracy = 0.0f;
    };

    SplitResult TrainSplitModels(std::shared_ptr<CIFAR100CoarseModule> coarse_model,
                                 std::shared_ptr<CIFAR100FineModule> fine_model,
                                 std::shared_ptr<SyntheticCIFAR100> trainData,
                                 std::shared_ptr<SyntheticCIFAR100> testData,
                                 size_t num_epochs, double coarse_lr, double fine_lr, size_t logInterval);

    // Linear probe on the frozen features of the fine model; returns the probe's test accuracy.
    float TrainFineProbe(std::shared_ptr<CIFAR100FineModule> fine_model,
                         std::shared_ptr<SyntheticCIFAR100> trainData,
                         std::shared_ptr<SyntheticCIFAR100> testData,
                         int64_t num_classes);
}

#endif
