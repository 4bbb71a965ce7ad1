#ifndef trainmodel
#define trainmodel

#include<torch/torch.h>
#include<float.h>
#include<iomanip>
#include<iostream>
#include<utility>
#include "model.h"

using namespace at;
namespace F = torch::nn::functional;

struct TrainStats {
    double last_loss = 0.0;
    int64_t steps = 0;
};

template <typename Net, typename DataLoader>
std::pair<double, double> evaluate(
    Net& net,
    DataLoader& testloader_,
    torch::Device device) {
    torch::NoGradGuard no_grad;
    net.eval();
    double test_loss = 0.0;
    double correct = 0.0;
    double totalsize = 0.0;
    auto options_ = F::CrossEntropyFuncOptions().reduction(torch::kSum);
    for (auto& batch : testloader_) {
        auto inputs_ = batch.data.to(torch::kLong).to(device);
        auto targets_ = batch.target.to(torch::kLong).to(device);
        totalsize = totalsize + inputs_.size(0);
        auto output = net.forward(inputs_);
        auto loss = F::cross_entropy(output, targets_, options_);
        test_loss += loss.template item<double>();
        auto pred = output.argmax(1);
        correct += pred.eq(targets_).sum().template item<double>();
    }
    test_loss = test_loss / totalsize;
    auto accuracy_ = correct / totalsize;
    return std::make_pair(test_loss, accuracy_);
}

// Logits and labels of a whole split, for the calibration after training
template <typename Net, typename DataLoader>
std::pair<torch::Tensor, torch::Tensor> collect_logits(
    Net& net,
    DataLoader& loader_,
    torch::Device device) {
    torch::NoGradGuard no_grad;
    net.eval();
    std::vector<torch::Tensor> logits, labels;
    for (auto& batch : loader_) {
        logits.push_back(net.forward(batch.data.to(torch::kLong).to(device)));
        labels.push_back(batch.target.to(torch::kLong).to(device));
    }
    return std::make_pair(torch::cat(logits), torch::cat(labels));
}

template <typename Net, typename TrainLoader, typename TestLoader>
void train_model(
    size_t epochs,
    Net& net,
    TrainLoader& trainloader,
    TestLoader& testloader,
    torch::Device device,
    TrainStats& stats) {
    torch::optim::Adam optimizer(
        net.parameters(), torch::optim::AdamOptions(0.001));

    double train_loss = 0.0;
    double totalsize = 0.0;
    double test_loss, test_acc;
    auto options_ = F::CrossEntropyFuncOptions().reduction(torch::kMean);
    std::pair<double, double> values;
    for (size_t epoch = 1; epoch <= epochs; epoch++) {
            net.train();
            train_loss = 0.0;
            for (auto& batch : trainloader) {
                auto inputs_ = batch.data.to(torch::kLong).to(device);
                auto targets_ = batch.target.to(torch::kLong).to(device);

                totalsize += 1;

                optimizer.zero_grad();
                auto output = net.forward(inputs_);
                auto loss = F::cross_entropy(output, targets_, options_);
                loss.backward();
                torch::nn::utils::clip_grad_norm_(net.parameters(), 3.0);
                optimizer.step();

                train_loss += loss.template item<double>();
                stats.last_loss = loss.template item<double>();
                stats.steps += 1;
            }
            train_loss = train_loss/totalsize;
            std::cout << "Epoch: " << epoch << " " << "Training Loss: ";
            std::cout << std::fixed;
            std::cout << std::setprecision(3) << train_loss << std::endl;
    }
    values = evaluate(net, testloader, device);
    test_loss = values.first;
    test_acc = values.second;
    std::cout << "Test Loss: " << test_loss << " " << "Test Accuracy: ";
    std::cout << test_acc << std::endl;
}
#endif  /* trainmodel */
