#pragma once
/**
 * @file config.h
 * @brief global constants and enums (sizes, loss weights, RRDB parameters)
 */

#include <string>
#include <cstdint>

namespace facesr {

namespace constants {
    // image sizes: 16x16 -> 32x32, 2x super-resolution
    constexpr int DEFAULT_HR_SIZE = 32;
    constexpr int DEFAULT_LR_SIZE = 16;
    constexpr int DEFAULT_SCALE = 2;

    constexpr double IMAGENET_MEAN_R = 0.485;
    constexpr double IMAGENET_MEAN_G = 0.456;
    constexpr double IMAGENET_MEAN_B = 0.406;
    constexpr double IMAGENET_STD_R = 0.229;
    constexpr double IMAGENET_STD_G = 0.224;
    constexpr double IMAGENET_STD_B = 0.225;

    constexpr double AUGMENT_FLIP_PROB = 0.5;

    constexpr int DEFAULT_BATCH_SIZE = 12;
    constexpr int DEFAULT_NUM_WORKERS = 4;
    constexpr int DEFAULT_NUM_EPOCHS = 300;
    constexpr double DEFAULT_LEARNING_RATE = 2e-4;

    // three-phase training: pixel only, + perceptual, + GAN
    constexpr int PHASE1_END_EPOCH = 50;
    constexpr int PHASE2_END_EPOCH = 150;

    constexpr double DEFAULT_PIXEL_WEIGHT = 1.0;
    constexpr double DEFAULT_PERCEPTUAL_WEIGHT = 1.0;
    constexpr double DEFAULT_GAN_WEIGHT = 0.1;
    constexpr double DEFAULT_FREQUENCY_WEIGHT = 0.0;
    constexpr double DEFAULT_GRADIENT_WEIGHT = 0.0;
    constexpr double DEFAULT_R1_WEIGHT = 0.0;

    constexpr double REAL_LABEL_VALUE = 1.0;
    constexpr double FAKE_LABEL_VALUE = 0.0;

    constexpr int DEFAULT_VGG_FEATURE_LAYER = 8;

    // RRDB generator: trunk channels, number of RRDB blocks, dense growth channels
    constexpr int RRDB_NUM_FEATURES = 32;
    constexpr int RRDB_NUM_BLOCKS = 2;
    constexpr int RRDB_GROWTH_CHANNELS = 20;

    constexpr int DEFAULT_LOG_INTERVAL = 100;
    constexpr int DEFAULT_VAL_INTERVAL = 2;
    constexpr int DEFAULT_SAVE_INTERVAL = 10;

    constexpr bool DEFAULT_USE_ATTENTION = false;
    constexpr bool DEFAULT_USE_SPECTRAL_NORM = false;

    constexpr double SSIM_K1 = 0.01;
    constexpr double SSIM_K2 = 0.03;
    constexpr int SSIM_WINDOW_SIZE = 7;
}

enum class PixelLossType { L1, L2 };
enum class GANType { Vanilla, LSGAN, WGAN, WGAN_GP, Hinge };
enum class TrainingPhase { PixelOnly, WithPerceptual, Full };
enum class DeviceType { CPU, CUDA, Auto, Hybrid };

inline PixelLossType stringToPixelLossType(const std::string& str) {
    if (str == "l1" || str == "L1") return PixelLossType::L1;
    if (str == "l2" || str == "L2" || str == "mse" || str == "MSE") return PixelLossType::L2;
    return PixelLossType::L1;
}

inline GANType stringToGANType(const std::string& str) {
    if (str == "vanilla" || str == "Vanilla") return GANType::Vanilla;
    if (str == "lsgan" || str == "LSGAN") return GANType::LSGAN;
    if (str == "wgan" || str == "WGAN") return GANType::WGAN;
    if (str == "wgan-gp" || str == "WGAN-GP") return GANType::WGAN_GP;
    if (str == "hinge" || str == "Hinge") return GANType::Hinge;
    return GANType::Vanilla;
}

inline std::string ganTypeToString(GANType type) {
    switch (type) {
        case GANType::Vanilla: return "vanilla";
        case GANType::LSGAN: return "lsgan";
        case GANType::WGAN: return "wgan";
        case GANType::WGAN_GP: return "wgan-gp";
        case GANType::Hinge: return "hinge";
        default: return "vanilla";
    }
}

}  // namespace facesr
