// ============================================================================
// trainer.cpp: GAN trainer
//
// per batch:
//   1. D (only in the GAN phase): D(real HR) -> 1, D(G(LR)) -> 0
//   2. G: pixel + perceptual (phase 2 on) + GAN (phase 3) + edge losses
// ============================================================================

#include "trainer.h"
#include "logger.h"

namespace facesr {

std::atomic<bool> Trainer::stop_requested_{false};

void Trainer::requestStop() {
    stop_requested_.store(true);
}

bool Trainer::isStopRequested() {
    return stop_requested_.load();
}

torch::Device Trainer::initDevice() const {
    switch (config_.device_type) {
        case DeviceType::CPU:
            return torch::Device(torch::kCPU);
        case DeviceType::CUDA:
            if (torch::cuda::is_available()) {
                return torch::Device(torch::kCUDA);
            }
            LOG_WARN("CUDA requested but not available, falling back to CPU");
            return torch::Device(torch::kCPU);
        case DeviceType::Auto:
        default:
            return torch::cuda::is_available()
                ? torch::Device(torch::kCUDA)
                : torch::Device(torch::kCPU);
    }
}

Trainer::Trainer(const TrainConfig& config)
    : config_(config)
    , device_(initDevice())
    , loss_fn_(config.pixel_weight, config.perceptual_weight, config.gan_weight,
               config.gradient_weight, config.pixel_type, config.gan_type) {

    LOG_INFO("Using device: ", device_.is_cuda() ? "CUDA" : "CPU");

    // generator: 3 -> 3 channels, RRDB trunk
    generator_ = RRDBNet(3, 3, constants::RRDB_NUM_FEATURES,
                         constants::RRDB_NUM_BLOCKS,
                         constants::RRDB_GROWTH_CHANNELS,
                         config_.scale,
                         config_.use_attention);
    generator_->to(device_);

    discriminator_ = VGGStyleDiscriminator(3, 32, config_.hr_size,
                                           config_.use_spectral_norm);
    discriminator_->to(device_);

    LOG_INFO("Generator parameters: ", generator_->get_num_parameters() / 1e6, "M");
    LOG_INFO("Discriminator parameters: ", discriminator_->get_num_parameters() / 1e6, "M");

    loss_fn_.to(device_);

    optimizer_g_ = std::make_unique<torch::optim::Adam>(
        generator_->parameters(),
        torch::optim::AdamOptions(config_.lr_g).betas({0.9, 0.99}));

    optimizer_d_ = std::make_unique<torch::optim::Adam>(
        discriminator_->parameters(),
        torch::optim::AdamOptions(config_.lr_d).betas({0.9, 0.99}));

    auto dataset = utils::FaceSRDataset(config_.num_train_images, config_.hr_size,
                                        config_.lr_size, true, 1234)
        .map(torch::data::transforms::Stack<torch::data::Example<>>());

    train_loader_ = torch::data::make_data_loader(
        std::move(dataset),
        torch::data::DataLoaderOptions()
            .batch_size(config_.batch_size)
            .workers(config_.num_workers)
            .enforce_ordering(false));
}

std::tuple<bool, bool> Trainer::get_training_phase(int epoch) const {
    if (epoch < config_.phase1_epochs) {
        return {false, false};
    } else if (epoch < config_.phase2_epochs) {
        return {true, false};
    } else {
        return {true, true};
    }
}

double Trainer::train_epoch(int epoch) {
    generator_->train();
    discriminator_->train();

    auto [use_perceptual, use_gan] = get_training_phase(epoch);

    AverageMeter loss_meter;

    for (auto& batch : *train_loader_) {
        if (isStopRequested()) {
            LOG_INFO("stop requested, ending the epoch");
            break;
        }

        auto lr_data = batch.data.to(device_);
        auto hr_data = batch.target.to(device_);

        // step 1: discriminator, GAN phase only
        if (use_gan) {
            optimizer_d_->zero_grad();

            torch::Tensor sr_for_d;
            {
                torch::NoGradGuard no_grad;
                sr_for_d = generator_->forward(lr_data);
            }

            auto real_images = hr_data;
            if (config_.r1_weight > 0.0) {
                real_images = real_images.detach().requires_grad_(true);
            }

            auto disc_real = discriminator_->forward(real_images);
            auto loss_real = models::GANLoss(config_.gan_type).forward(disc_real, true, true);

            auto disc_fake = discriminator_->forward(sr_for_d.detach());
            auto loss_fake = models::GANLoss(config_.gan_type).forward(disc_fake, false, true);

            auto d_loss = (loss_real + loss_fake) * 0.5;

            if (config_.r1_weight > 0.0) {
                auto grad_outputs = torch::ones_like(disc_real);
                auto grads = torch::autograd::grad(
                    {disc_real.sum()},
                    {real_images},
                    {grad_outputs},
                    /*retain_graph=*/true,
                    /*create_graph=*/true);
                auto r1_penalty = grads[0].square().view({real_images.size(0), -1}).sum(1).mean();
                d_loss = d_loss + config_.r1_weight * r1_penalty;
            }

            d_loss.backward();
            optimizer_d_->step();
        }

        // step 2: generator
        optimizer_g_->zero_grad();

        auto sr = generator_->forward(lr_data);

        torch::Tensor disc_pred_fake;
        if (use_gan) {
            disc_pred_fake = discriminator_->forward(sr);
        }

        auto losses = loss_fn_.forward(sr, hr_data, disc_pred_fake,
                                       use_perceptual, use_gan);

        losses["total"].backward();
        optimizer_g_->step();

        loss_meter.update(losses["total"].item<double>(), lr_data.size(0));

        ++global_step_;
        if (global_step_ % config_.log_interval == 0) {
            LOG_INFO("Epoch [", epoch, "] Step [", global_step_, "] ",
                     "Loss: ", losses["total"].item<double>(),
                     " (pixel: ", losses["pixel"].item<double>(),
                     ", perceptual: ", losses["perceptual"].item<double>(),
                     ", gan: ", losses["gan"].item<double>(), ")");
        }
    }

    return loss_meter.avg();
}

double Trainer::validate(int epoch) {
    generator_->eval();
    utils::MetricCalculator metrics;

    auto val_dataset = utils::FaceSRDataset(config_.num_val_images, config_.hr_size,
                                            config_.lr_size, false, 98765)
        .map(torch::data::transforms::Stack<torch::data::Example<>>());
    auto val_loader = torch::data::make_data_loader(
        std::move(val_dataset),
        torch::data::DataLoaderOptions().batch_size(16).workers(0).enforce_ordering(true));

    for (auto& batch : *val_loader) {
        auto lr_data = batch.data.to(device_);
        auto hr_data = batch.target.to(device_);
        torch::Tensor sr;
        {
            torch::NoGradGuard no_grad;
            sr = generator_->forward(lr_data);
        }
        sr = sr.clamp(0.0, 1.0);
        metrics.update(sr.cpu(), hr_data.cpu());
    }

    LOG_INFO("Validation Epoch [", epoch, "] PSNR: ", metrics.get_avg_psnr(),
             " dB, SSIM: ", metrics.get_avg_ssim());
    generator_->train();
    return metrics.get_avg_psnr();
}

double Trainer::baseline_psnr() {
    // nearest-neighbour upscaling of the LR pictures, for comparison
    utils::MetricCalculator metrics;
    auto val_dataset = utils::FaceSRDataset(config_.num_val_images, config_.hr_size,
                                            config_.lr_size, false, 98765);
    for (size_t i = 0; i < *val_dataset.size(); ++i) {
        auto ex = val_dataset.get(i);
        auto up = torch::upsample_nearest2d(ex.data.unsqueeze(0),
                                            {config_.hr_size, config_.hr_size});
        metrics.update(up, ex.target.unsqueeze(0));
    }
    return metrics.get_avg_psnr();
}

double Trainer::train() {
    double last = 0.0;
    for (int epoch = 0; epoch < config_.num_epochs; ++epoch) {
        last = train_epoch(epoch);
        LOG_INFO("Epoch [", epoch, "] mean generator loss: ", last);
        if ((epoch + 1) % config_.val_interval == 0) {
            validate(epoch);
        }
    }
    return last;
}

}  // namespace facesr
