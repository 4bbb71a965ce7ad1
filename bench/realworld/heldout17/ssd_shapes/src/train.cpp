#include "dataloader.h"
#include "loss.h"
#include "train.h"
#include "utils.h"

#include <cmath>
#include <iostream>
#include <limits>
#include <vector>

std::tuple<torch::Tensor, std::vector<torch::Tensor>> collate_fn(
    std::vector<torch::data::Example<torch::Tensor, torch::Tensor>>& batch, torch::Device& device) {
    std::vector<torch::Tensor> images;
    std::vector<torch::Tensor> targets;

    for (const auto& example : batch) {
        images.push_back(example.data);
        targets.push_back(example.target);
    }

    return { torch::stack(images, 0).to(device), targets };
}

std::vector<float> train_model(Net& model, torch::Device& device, std::vector<torch::Tensor>& images,
                               std::vector<torch::Tensor>& targets, const torch::Tensor& anchors,
                               const int& num_epochs, const int& batch_size, const float& learning_rate,
                               const int& num_workers) {
    torch::Tensor loss;
    float epoch_loss;
    std::vector<float> losses_train;
    torch::optim::AdamW optimizer = torch::optim::AdamW(model.parameters(), learning_rate);
    torch::optim::StepLR scheduler(optimizer, /*step_size=*/5, /*gamma=*/0.3);

    model.train();
    torch::Tensor anchors_dev = anchors.to(device);

    auto custom_dataset = CustomDataset(images, targets);
    auto data_loader = torch::data::make_data_loader<torch::data::samplers::RandomSampler>(
        custom_dataset,
        torch::data::DataLoaderOptions().batch_size(batch_size).workers(num_workers)
    );
    float best_loss = std::numeric_limits<float>::infinity();

    int num_batches = (images.size() - 1) / batch_size + 1;
    std::cout << "Num batches: " << num_batches << std::endl;

    for (int epoch = 0; epoch < num_epochs; ++epoch) {
        epoch_loss = 0;

        for (auto& batch : *data_loader) {
            optimizer.zero_grad();

            auto [images, targets] = collate_fn(batch, device);
            auto [boxes, scores] = model.forward(images);

            loss = ssd_loss(boxes, scores, targets, anchors_dev);
            epoch_loss += loss.item<float>();

            loss.backward();
            optimizer.step();
        }
        scheduler.step();

        epoch_loss /= num_batches;
        losses_train.push_back(epoch_loss);

        if (epoch_loss < best_loss && epoch != 0) {
            best_loss = epoch_loss;
        }
        std::cout << " Epoch " << epoch + 1 << '/' << num_epochs << " Loss: " << std::round(epoch_loss * 10000) / 10000 << std::endl;
    }
    std::cout << "Best loss: " << best_loss << std::endl;
    return losses_train;
}

std::pair<float, float> test_model(Net& model, torch::Device& device, const std::vector<torch::Tensor>& images,
                                   const std::vector<torch::Tensor>& targets, const torch::Tensor& anchors) {
    torch::NoGradGuard no_grad;
    model.eval();
    torch::Tensor anchors_dev = anchors.to(device);
    float iou_sum = 0.0f;
    int correct = 0;
    for (size_t i = 0; i < images.size(); ++i) {
        torch::Tensor x = images[i].unsqueeze(0).to(device);
        auto [boxes, scores] = model.forward(x);
        auto probs = torch::softmax(scores[0], -1).slice(-1, 1, model.classes());  // drop background
        auto [best_prob, best_cls] = probs.max(-1);
        const int64_t a = best_prob.argmax().item<int64_t>();
        torch::Tensor box = decode_boxes(boxes[0][a].unsqueeze(0), anchors_dev[a].unsqueeze(0));
        torch::Tensor gt = targets[i].to(device);
        torch::Tensor ious = iou(xywh_to_xyxy(box), xywh_to_xyxy(gt.slice(-1, 0, 4)))[0];
        const int64_t g = ious.argmax().item<int64_t>();
        iou_sum += ious[g].item<float>();
        if (best_cls[a].item<int64_t>() + 1 == gt[g][4].item<float>()) ++correct;
    }
    model.train();
    return { iou_sum / images.size(), static_cast<float>(correct) / images.size() };
}
