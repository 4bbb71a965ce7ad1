#pragma once

#include <memory>

#include "dataset.h"
#include "neumf.h"

struct TrainOptions {
    int64_t pretrain_epochs = 2;
    int64_t epochs = 4;
    int64_t batch_size = 512;
    double gmf_lr = 1e-2;
    double dense_lr = 2e-3;
    double embedding_lr = 0.1;
};

double pretrain_gmf(NeuMF& model, const InteractionData& data, const TrainOptions& opts,
                    std::shared_ptr<torch::Device> device);
double fit(NeuMF& model, const InteractionData& data, const TrainOptions& opts, std::shared_ptr<torch::Device> device);
double evaluate(NeuMF& model, const InteractionData& data, std::shared_ptr<torch::Device> device);
