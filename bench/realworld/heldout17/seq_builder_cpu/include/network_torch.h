#ifndef CPP_TORCH_NETWORK_TORCH_H
#define CPP_TORCH_NETWORK_TORCH_H

#include <torch/torch.h>

#include <cmath>
#include <algorithm>
#include <functional>
#include <iostream>
#include <random>
#include <stdexcept>
#include <vector>

namespace cpp_torch {

inline int get_BATCH(const std::vector<torch::Tensor> &images, const std::vector<torch::Tensor> &labels,
                     torch::Tensor &batch_images, torch::Tensor &batch_labels, int batchSize,
                     const std::vector<int> &index) {
  const int batchNum = static_cast<int>(images.size()) / batchSize;
  if (batchNum == 0) throw std::runtime_error("input size < batch size");
  std::vector<torch::Tensor> xs, ys;
  for (int k : index) {
    xs.push_back(images[k]);
    ys.push_back(labels[k]);
  }
  batch_images = torch::cat(xs, 0);
  batch_labels = torch::cat(ys, 0);
  return batchNum;
}

// Wraps a model with the shapes of its input and output, and trains it on
// vectors of single-sample tensors (one row each).
template <typename Model>
class network_torch {
 public:
  int in_channels = 1, in_H = 1, in_W = 1;
  int out_channels = 1, out_H = 1, out_W = 1;

  torch::Device device;
  Model model;

  bool classification = false;
  bool batch_shuffle = true;
  bool stop_training_ = false;
  float loss_value = 0.0f;
  // Classes the data set never shows; their logits are excluded from the loss.
  torch::Tensor class_mask;

  network_torch(Model &model_, torch::Device device_) : device(device_), model(model_) {
    model->to(device);
  }

  void input_dim(int c, int w, int h) {
    in_channels = c;
    in_H = h;
    in_W = w;
  }
  void output_dim(int c, int w, int h) {
    out_channels = c;
    out_H = h;
    out_W = w;
  }
  void stop_ongoing_training() { stop_training_ = true; }

  void generate_BATCH(std::vector<torch::Tensor> &images, std::vector<torch::Tensor> &labels,
                      std::vector<torch::Tensor> &batch_x, std::vector<torch::Tensor> &batch_y,
                      int kTrainBatchSize, std::mt19937 &mt) {
    const int batchNum = static_cast<int>(images.size()) / kTrainBatchSize;
    batch_x.assign(batchNum, torch::Tensor());
    batch_y.assign(batchNum, torch::Tensor());
    std::vector<int> order(images.size());
    for (size_t k = 0; k < order.size(); ++k) order[k] = static_cast<int>(k);
    if (batch_shuffle) std::shuffle(order.begin(), order.end(), mt);

    for (int batch_idx = 0; batch_idx < batchNum; batch_idx++) {
      std::vector<int> index(order.begin() + batch_idx * kTrainBatchSize,
                             order.begin() + (batch_idx + 1) * kTrainBatchSize);
      get_BATCH(images, labels, batch_x[batch_idx], batch_y[batch_idx], kTrainBatchSize, index);
      batch_x[batch_idx] = batch_x[batch_idx].view({kTrainBatchSize, in_channels, in_H, in_W});
      batch_y[batch_idx] = batch_y[batch_idx].view({kTrainBatchSize, out_channels, out_H, out_W});
    }
  }

  bool fit(torch::optim::Optimizer *optimizer, std::vector<torch::Tensor> &images,
           std::vector<torch::Tensor> &labels, int kTrainBatchSize, int kNumberOfEpochs,
           std::function<void(void)> on_batch_enumerate = {},
           std::function<void(void)> on_epoch_enumerate = {}) {
    if (images.size() != labels.size()) return false;
    if (images.size() < static_cast<size_t>(kTrainBatchSize)) return false;

    const int batchNum = static_cast<int>(images.size()) / kTrainBatchSize;
    std::mt19937 mt(1234);
    std::vector<torch::Tensor> batch_x;
    std::vector<torch::Tensor> batch_y;

    optimizer->zero_grad();
    stop_training_ = false;
    model->train(true);
    for (int epoch = 0; epoch < kNumberOfEpochs && !stop_training_; ++epoch) {
      generate_BATCH(images, labels, batch_x, batch_y, kTrainBatchSize, mt);
      float loss_ave = 0.0f;
      for (int batch_idx = 0; batch_idx < batchNum && !stop_training_; batch_idx++) {
        torch::Tensor data = batch_x[batch_idx].to(device);
        torch::Tensor targets = batch_y[batch_idx].to(device);

        optimizer->zero_grad();
        auto output = model->forward(data);
        targets = targets.reshape_as(output);

        torch::Tensor loss;
        if (classification) {
          if (class_mask.defined()) output = output.masked_fill(class_mask, -1e9);
          loss = torch::nll_loss(torch::log_softmax(output, 1), targets.argmax(1));
        } else {
          loss = torch::mse_loss(output, targets);
        }
        TORCH_CHECK(!std::isnan(loss.template item<float>()), "loss is NaN");
        loss.backward();
        optimizer->step();

        loss_value = loss.template item<float>();
        loss_ave += loss_value;
        if (on_batch_enumerate) on_batch_enumerate();
      }
      if (stop_training_) break;
      loss_value = loss_ave / batchNum;
      if (on_epoch_enumerate) on_epoch_enumerate();
      model->train(true);
    }
    return true;
  }

  // Mean loss over a data set (no gradients).
  float get_loss(std::vector<torch::Tensor> &images, std::vector<torch::Tensor> &labels,
                 int batchSize) {
    torch::NoGradGuard no_grad;
    model->eval();
    const int n = static_cast<int>(images.size()) / batchSize;
    float sum = 0.0f;
    for (int b = 0; b < n; ++b) {
      std::vector<int> index;
      for (int k = 0; k < batchSize; ++k) index.push_back(b * batchSize + k);
      torch::Tensor x, y;
      get_BATCH(images, labels, x, y, batchSize, index);
      x = x.view({batchSize, in_channels, in_H, in_W}).to(device);
      auto out = model->forward(x);
      y = y.to(device).reshape_as(out);
      if (classification)
        sum += torch::nll_loss(torch::log_softmax(out, 1), y.argmax(1)).template item<float>();
      else
        sum += torch::mse_loss(out, y).template item<float>();
    }
    model->train(true);
    return sum / n;
  }

  // Fraction of rows whose arg-max matches the label's (classification).
  float test_accuracy(std::vector<torch::Tensor> &images, std::vector<torch::Tensor> &labels,
                      int batchSize) {
    torch::NoGradGuard no_grad;
    model->eval();
    const int n = static_cast<int>(images.size()) / batchSize;
    int64_t correct = 0, total = 0;
    for (int b = 0; b < n; ++b) {
      std::vector<int> index;
      for (int k = 0; k < batchSize; ++k) index.push_back(b * batchSize + k);
      torch::Tensor x, y;
      get_BATCH(images, labels, x, y, batchSize, index);
      x = x.view({batchSize, in_channels, in_H, in_W}).to(device);
      auto out = model->forward(x);
      y = y.to(device).reshape_as(out);
      correct += out.argmax(1).eq(y.argmax(1)).sum().template item<int64_t>();
      total += batchSize;
    }
    model->train(true);
    return static_cast<float>(correct) / static_cast<float>(total);
  }

  torch::Tensor predict(torch::Tensor x) {
    torch::NoGradGuard no_grad;
    model->eval();
    auto out = model->forward(x.view({-1, in_channels, in_H, in_W}).to(device));
    model->train(true);
    return out.to(torch::kCPU);
  }
};

}  // namespace cpp_torch

#endif
