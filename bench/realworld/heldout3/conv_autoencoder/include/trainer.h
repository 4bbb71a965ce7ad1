#ifndef TRAINER_H
#define TRAINER_H
#include <torch/torch.h>

#include "auto_encoder.h"

torch::Device pick_device();

// 28x28 grey images of one or two soft blobs, values in [0, 1]
torch::Tensor make_blob_images(int64_t count, int64_t size, uint64_t seed);

double train_epoch(
    AutoEncoder&                model,
    torch::Device               device,
    const torch::Tensor&        images,
    torch::optim::Optimizer&    optimizer,
    int64_t                     batch_size,
    double                      sparsity_weight);

double test(AutoEncoder& model, torch::Device device, const torch::Tensor& images);

// Finds the latent codes whose decoding best matches the targets (the decoder stays fixed).
double project_to_latent(AutoEncoder& model, torch::Device device, const torch::Tensor& targets, int iterations);

#endif // TRAINER_H
