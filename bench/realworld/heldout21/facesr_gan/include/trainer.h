#pragma once

// GAN trainer: generator G (RRDBNet) and discriminator D (VGG style), three training phases:
// pixel loss only, + perceptual loss, + GAN loss (D trained only in the last phase).

#include <torch/torch.h>
#include <string>
#include <memory>
#include <atomic>
#include <sstream>
#include "config.h"
#include "generator.h"
#include "discriminator.h"
#include "losses.h"
#include "dataset.h"

namespace facesr {

struct TrainConfig {
    int num_train_images = 192;
    int num_val_images = 64;
    int hr_size = constants::DEFAULT_HR_SIZE;
    int lr_size = constants::DEFAULT_LR_SIZE;
    int scale = constants::DEFAULT_SCALE;

    int batch_size = constants::DEFAULT_BATCH_SIZE;
    int num_epochs = constants::DEFAULT_NUM_EPOCHS;
    int num_workers = constants::DEFAULT_NUM_WORKERS;
    double lr_g = constants::DEFAULT_LEARNING_RATE;
    double lr_d = constants::DEFAULT_LEARNING_RATE;

    int phase1_epochs = constants::PHASE1_END_EPOCH;
    int phase2_epochs = constants::PHASE2_END_EPOCH;

    double pixel_weight = constants::DEFAULT_PIXEL_WEIGHT;
    double perceptual_weight = constants::DEFAULT_PERCEPTUAL_WEIGHT;
    double gan_weight = constants::DEFAULT_GAN_WEIGHT;
    double frequency_weight = constants::DEFAULT_FREQUENCY_WEIGHT;
    double gradient_weight = constants::DEFAULT_GRADIENT_WEIGHT;
    double r1_weight = constants::DEFAULT_R1_WEIGHT;

    PixelLossType pixel_type = PixelLossType::L1;
    GANType gan_type = GANType::Vanilla;

    int val_interval = constants::DEFAULT_VAL_INTERVAL;
    int log_interval = constants::DEFAULT_LOG_INTERVAL;

    DeviceType device_type = DeviceType::Auto;
    bool use_attention = constants::DEFAULT_USE_ATTENTION;
    bool use_spectral_norm = constants::DEFAULT_USE_SPECTRAL_NORM;

    // "section.key=value" lines, as the original's INI ConfigParser reads them
    bool loadFromString(const std::string& text) {
        std::istringstream in(text);
        std::string line;
        while (std::getline(in, line)) {
            auto eq = line.find('=');
            if (eq == std::string::npos) continue;
            std::string key = line.substr(0, eq);
            std::string value = line.substr(eq + 1);
            if (key == "data.hr_size") hr_size = std::stoi(value);
            else if (key == "data.lr_size") lr_size = std::stoi(value);
            else if (key == "data.scale") scale = std::stoi(value);
            else if (key == "training.batch_size") batch_size = std::stoi(value);
            else if (key == "training.num_epochs") num_epochs = std::stoi(value);
            else if (key == "training.lr_g") lr_g = std::stod(value);
            else if (key == "training.lr_d") lr_d = std::stod(value);
            else if (key == "loss.gan_type") gan_type = stringToGANType(value);
            else if (key == "loss.pixel_type") pixel_type = stringToPixelLossType(value);
        }
        return true;
    }
};

struct AverageMeter {
    double sum = 0.0;
    int count = 0;
    void update(double val, int n = 1) { sum += val * n; count += n; }
    double avg() const { return count > 0 ? sum / count : 0.0; }
    void reset() { sum = 0.0; count = 0; }
};

class Trainer {
public:
    explicit Trainer(const TrainConfig& config);

    // returns the mean generator loss of the last epoch
    double train();
    double train_epoch(int epoch);
    double validate(int epoch);
    double baseline_psnr();

    static void requestStop();
    static bool isStopRequested();

private:
    static std::atomic<bool> stop_requested_;

    torch::Device initDevice() const;
    std::tuple<bool, bool> get_training_phase(int epoch) const;

    TrainConfig config_;
    torch::Device device_;

    RRDBNet generator_{nullptr};
    VGGStyleDiscriminator discriminator_{nullptr};

    models::CombinedLoss loss_fn_;

    std::unique_ptr<torch::optim::Adam> optimizer_g_;
    std::unique_ptr<torch::optim::Adam> optimizer_d_;

    using DataLoaderType = torch::data::StatelessDataLoader<
        torch::data::datasets::MapDataset<
            utils::FaceSRDataset,
            torch::data::transforms::Stack<torch::data::Example<>>>,
        torch::data::samplers::RandomSampler>;

    std::unique_ptr<DataLoaderType> train_loader_;

    int global_step_ = 0;
};

}  // namespace facesr
