#include "YoloTrainer.h"
#include "YoloModel.h"
#include "DataLoader.h"
#include <iostream>

namespace yolo {

YoloTrainer::YoloTrainer(
    std::shared_ptr<YoloModel> model,
    const TrainingConfig& config,
    torch::Device device
) : model_(model), config_(config), device_(device),
    should_stop_(false), is_training_(false),
    current_epoch_(0), total_iterations_(0) {

    setup_optimizer();
    setup_scheduler();
}

YoloTrainer::~YoloTrainer() {
    should_stop_ = true;
}

void YoloTrainer::setup_optimizer() {
    std::vector<torch::Tensor> parameters;
    for (auto& param : model_->parameters()) {
        if (param.requires_grad()) {
            parameters.push_back(param);
        }
    }

    if (config_.optimizer_type == "Adam") {
        optimizer_ = std::make_unique<torch::optim::Adam>(
            parameters,
            torch::optim::AdamOptions(config_.learning_rate)
                .weight_decay(config_.weight_decay)
        );
    } else if (config_.optimizer_type == "AdamW") {
        optimizer_ = std::make_unique<torch::optim::AdamW>(
            parameters,
            torch::optim::AdamWOptions(config_.learning_rate)
                .weight_decay(config_.weight_decay)
        );
    } else { // Default SGD
        optimizer_ = std::make_unique<torch::optim::SGD>(
            parameters,
            torch::optim::SGDOptions(config_.learning_rate)
                .momentum(config_.momentum)
                .weight_decay(config_.weight_decay)
        );
    }
}

void YoloTrainer::setup_scheduler() {
    // Placeholder for learning rate scheduler (as in the original)
}

bool YoloTrainer::train(
    const std::string& train_data_path,
    const std::string& val_data_path,
    ProgressCallback progress_callback
) {
    is_training_ = true;
    should_stop_ = false;

    try {
        std::cout << "Loading training dataset from: " << train_data_path << std::endl;
        auto train_dataset = YoloDataset(train_data_path,
                                         model_->config().input_width,
                                         true).map(torch::data::transforms::Stack<>());

        auto train_loader = torch::data::make_data_loader(
            std::move(train_dataset),
            torch::data::DataLoaderOptions().batch_size(config_.batch_size).workers(config_.num_workers)
        );

        std::cout << "Starting training for " << config_.num_epochs << " epochs..." << std::endl;

        // Training loop
        for (int epoch = 0; epoch < config_.num_epochs && !should_stop_; epoch++) {
            current_epoch_ = epoch;
            model_->train();

            // Freeze backbone for initial epochs if configured
            if (config_.freeze_backbone && epoch < config_.freeze_epochs) {
                model_->freeze_backbone();
            } else if (config_.freeze_backbone && epoch == config_.freeze_epochs) {
                model_->unfreeze_all();
            }

            TrainingMetrics epoch_metrics;
            epoch_metrics.epoch = epoch;

            int batch_idx = 0;
            float running_loss = 0.0f;

            for (auto& batch : *train_loader) {
                if (should_stop_) break;

                optimizer_->zero_grad();

                auto data = batch.data.to(device_);
                auto target = batch.target.to(device_);

                // Forward pass
                auto predictions = model_->forward_detect(data);

                // Compute loss
                auto loss = compute_loss(predictions, target);

                // Backward pass
                loss.backward();
                optimizer_->step();

                // Update metrics
                running_loss += loss.item<float>();

                // Log progress
                if (batch_idx % config_.log_interval == 0) {
                    float avg_loss = running_loss / (batch_idx + 1);
                    epoch_metrics.loss = avg_loss;
                    epoch_metrics.iteration = total_iterations_;

                    std::cout << "Epoch [" << epoch + 1 << "/" << config_.num_epochs << "] "
                              << "Batch [" << batch_idx << "] "
                              << "Loss: " << avg_loss << std::endl;

                    if (progress_callback) {
                        progress_callback(epoch_metrics);
                    }
                }

                batch_idx++;
                total_iterations_++;
            }

            // Epoch completed
            epoch_metrics.loss = running_loss / batch_idx;
            history_.push_back(epoch_metrics);

            // Validation
            if (!val_data_path.empty()) {
                auto val_metrics = validate(val_data_path);
                std::cout << "Validation Loss: " << val_metrics.loss << std::endl;
            }

            if (progress_callback) {
                progress_callback(epoch_metrics);
            }
        }

        std::cout << "Training completed!" << std::endl;
        is_training_ = false;
        return true;

    } catch (const std::exception& e) {
        std::cerr << "Training error: " << e.what() << std::endl;
        is_training_ = false;
        return false;
    }
}

TrainingMetrics YoloTrainer::validate(const std::string& val_data_path) {
    model_->eval();
    TrainingMetrics metrics;

    try {
        auto val_dataset = YoloDataset(val_data_path,
                                       model_->config().input_width,
                                       false).map(torch::data::transforms::Stack<>());

        auto val_loader = torch::data::make_data_loader(
            std::move(val_dataset),
            torch::data::DataLoaderOptions().batch_size(config_.batch_size)
        );

        torch::NoGradGuard no_grad;
        float total_loss = 0.0f;
        int num_batches = 0;

        for (auto& batch : *val_loader) {
            auto data = batch.data.to(device_);
            auto target = batch.target.to(device_);

            auto predictions = model_->forward_detect(data);
            auto loss = compute_loss(predictions, target);

            total_loss += loss.item<float>();
            num_batches++;
        }

        metrics.loss = total_loss / num_batches;

    } catch (const std::exception& e) {
        std::cerr << "Validation error: " << e.what() << std::endl;
    }

    model_->train();
    return metrics;
}

torch::Tensor YoloTrainer::compute_loss(
    const std::vector<torch::Tensor>& predictions,
    const torch::Tensor& targets
) {
    return compute_yolo_loss(predictions, targets, model_->config());
}

} // namespace yolo
