#include <algorithm>
#include <iostream>
#include <torch/torch.h>

#include "ImageLoader.hpp"
#include "Loss.hpp"
#include "UNet.hpp"

int main() {
    torch::manual_seed(0);

    // Blood Vessels Segmentation with UNet - DEMO

    // Device
    torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
    std::cout << "Using device: " << device << "\n";

    // Image paths
    const std::string trainImagesDir = "data/train/image";
    const std::string trainMasksDir = "data/train/mask";
    const std::string testImagesDir = "data/test/image";
    const std::string testMasksDir = "data/test/mask";

    // ImageLoader (synthetic images, binary masks)
    const int targetSize = 16;
    ImageLoader trainImgLoader(trainImagesDir, targetSize, false);
    ImageLoader trainMaskLoader(trainMasksDir, targetSize, true);
    ImageLoader testImgLoader(testImagesDir, targetSize, false);
    ImageLoader testMaskLoader(testMasksDir, targetSize, true);

    // Collect file names
    std::vector<std::string> trainFiles = trainImgLoader.listFiles(10);
    std::vector<std::string> testFiles = testImgLoader.listFiles(4);
    std::sort(trainFiles.begin(), trainFiles.end());
    std::sort(testFiles.begin(), testFiles.end());

    // Model
    auto model = std::make_shared<UNet>(1, 1, device);
    model->to(device);

    std::cout << "No existing model found. Training a new one...\n";
    model->train();

    // Hyperparameters
    const size_t epochs = 3;
    const double lr = 1e-3;
    const double weightBCE = 3.0;

    // Optimizer
    torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(lr));

    double lastEpochLoss = 0.0;
    // Training loop
    for (size_t epoch = 1; epoch <= epochs; ++epoch) {
        double epoch_loss = 0.0;
        size_t count = 0;

        for (auto& fname : trainFiles) {
            auto img = trainImgLoader.loadCached(fname);
            auto mask = trainMaskLoader.loadCached(fname);
            if (!img.defined() || !mask.defined()) {
                std::cerr << "[WARN] skipping " << fname << "\n";
                continue;
            }

            // [C, H, W] -> [1, C, H, W]
            auto input = img.unsqueeze(0).to(device);
            auto target = mask.unsqueeze(0).to(device);

            // Forward pass
            auto output = model->predict(input);

            // Weighted BCE loss
            auto bce = torch::nn::functional::binary_cross_entropy_with_logits(
                output, target, torch::nn::functional::BinaryCrossEntropyWithLogitsFuncOptions()
                .pos_weight(torch::tensor(weightBCE).to(device)));

            // Dice loss
            auto dice = diceLoss(output, target);

            optimizer.zero_grad();
            bce.backward();
            optimizer.step();

            epoch_loss += 0.5 * bce.item<double>() + 0.5 * dice.item<double>();
            ++count;
            if (count % 5 == 0) {
                std::cout << "Epoch [" << epoch << "/" << epochs << "]"
                          << " Batch " << count << "/" << trainFiles.size()
                          << "  Loss: " << (epoch_loss / count) << "\n";
            }
        }

        lastEpochLoss = epoch_loss / std::max<size_t>(1, count);
        std::cout << "*** Epoch " << epoch
                  << " average loss: " << lastEpochLoss
                  << " ***\n";
    }

    // Testing
    model->eval();
    torch::NoGradGuard no_grad;

    double sumAcc = 0, sumPrec = 0, sumRec = 0, sumF1 = 0;
    size_t testCount = 0;
    for (auto& fname : testFiles) {
        auto img = testImgLoader.loadCached(fname);
        if (!img.defined()) continue;
        auto input = img.unsqueeze(0).to(device);

        auto logits = model->predict(input);
        auto prob = torch::sigmoid(logits).squeeze();
        auto pred = (prob >= 0.5).to(torch::kFloat).cpu();
        auto gt = testMaskLoader.loadCached(fname).squeeze();

        double tp = (pred * gt).sum().item<double>();
        double fp = (pred * (1 - gt)).sum().item<double>();
        double fn = ((1 - pred) * gt).sum().item<double>();
        double acc = (pred == gt).to(torch::kFloat).mean().item<double>();
        double prec = tp / std::max(1.0, tp + fp);
        double rec = tp / std::max(1.0, tp + fn);
        sumAcc += acc;
        sumPrec += prec;
        sumRec += rec;
        sumF1 += (prec + rec) > 0 ? 2 * prec * rec / (prec + rec) : 0.0;
        ++testCount;
    }

    if (testCount) {
        std::cout << "\n=== Test results over " << testCount << " images ===\n"
                  << "Accuracy : " << (sumAcc / testCount) << "\n"
                  << "Precision: " << (sumPrec / testCount) << "\n"
                  << "Recall   : " << (sumRec / testCount) << "\n"
                  << "F1 Score : " << (sumF1 / testCount) << "\n";
    }

    std::cout << "final loss: " << lastEpochLoss << "\n";
    return 0;
}
