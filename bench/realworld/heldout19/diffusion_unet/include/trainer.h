#pragma once
#include <torch/torch.h>

#include <memory>
#include <string>
#include <tuple>

#include "ddpm.h"
#include "shapes_dataset.h"

class Trainer {
public:
    Trainer(std::shared_ptr<Sampler> sampler,
            const std::tuple<int, int> &img_size,
            std::string &exp_name,
            int train_batch_size = 32,
            double train_lr = 2e-4,
            int train_num_epochs = 1000,
            double ema_decay = 0.995,
            int num_workers = 4,
            int save_and_sample_every = 500,
            int accumulation_steps = 2);

    void train(ShapesDataset dataset);

    std::shared_ptr<Sampler> shadow() const { return sampler_shadow; }

    double last_epoch_loss() const { return last_epoch_loss_; }

private:
    std::shared_ptr<Sampler> sampler;
    std::shared_ptr<Sampler> sampler_shadow;
    std::tuple<int, int> img_size;
    std::string exp_name;
    int train_batch_size;
    double train_lr;
    int train_num_epochs;
    double ema_decay;
    int num_workers;
    int save_and_sample_every;
    int accumulation_steps;
    torch::Device device{torch::kCPU};
    double last_epoch_loss_ = 0.0;
};

// Mean squared error of the predicted noise on fixed noisy test images.
double test_noise_mse(const std::shared_ptr<Sampler> &sampler, const torch::Tensor &images,
                      const torch::Tensor &steps, const torch::Tensor &noise);
