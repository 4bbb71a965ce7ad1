#include <torch/torch.h>

#include <algorithm>
#include <iostream>
#include <random>

#include "toy_boxes.h"
#include "yolo_loss.h"
#include "yolo_model.h"

namespace
{
constexpr int64_t kNumClasses = 4;
constexpr int64_t kBatchSize = 16;
constexpr int64_t kBatchesPerEpoch = 20;
constexpr int kEpochs = 8;
constexpr double kLearningRate = 1e-3;
}  // namespace

int main()
{
  torch::manual_seed(5);
  std::mt19937 rng(5);

  // TODO: add check for device and create accordingly.
  torch::Device device = torch::Device(torch::kCPU);
  if (torch::cuda::is_available())
  {
    device = torch::Device(torch::kCUDA, 0);
    std::cout << "Using CUDA device" << std::endl;
  }
  else
  {
    std::cout << "Using CPU device" << std::endl;
  }

  ToyBoxesConfig data_config;
  data_config.num_classes = kNumClasses;
  // anchor sizes in grid cells (8 pixels)
  auto anchors = torch::tensor({ 0.8f, 0.8f, 1.4f, 1.4f, 2.0f, 2.0f }).view({ 3, 2 });

  YOLOv3 yolov3(3, kNumClasses);
  yolov3->to(device);
  YOLOLoss yolo_loss(kNumClasses, anchors);
  yolo_loss->to(device);
  std::cout << "Yolo model created" << std::endl;

  torch::optim::Adam optimizer(yolov3->parameters(), torch::optim::AdamOptions().lr(kLearningRate));

  auto run_epoch = [&](int epoch) -> double {
    yolov3->train();
    double epoch_loss = 0.0;
    int64_t counted = 0;
    for (int64_t batch_index = 0; batch_index < kBatchesPerEpoch; ++batch_index)
    {
      auto batch = make_toy_batch(kBatchSize, data_config, anchors, rng);
      if (batch.second.select(-1, 4).sum().item<float>() == 0.0f)
      {
        continue;  // no object to localise in this batch
      }
      torch::Tensor batch_inputs_tensor = batch.first.to(device);
      torch::Tensor batch_targets_tensor = batch.second.to(device);

      // Do the prediction
      auto model_prediction_tensor = yolov3(batch_inputs_tensor);
      // Compute the loss
      auto loss = yolo_loss(model_prediction_tensor, batch_targets_tensor);
      // Reset gradients.
      optimizer.zero_grad();
      // Compute gradients for all trainable weights
      loss.backward();
      // Update the weights with gradients
      optimizer.step();

      epoch_loss += loss.item<double>();
      ++counted;
    }
    std::cout << "Epoch " << epoch << " average loss = " << epoch_loss / std::max<int64_t>(counted, 1) << std::endl;
    return epoch_loss / std::max<int64_t>(counted, 1);
  };

  double loss = 0.0;
  for (int epoch = 0; epoch < kEpochs; ++epoch)
  {
    loss = run_epoch(epoch);
  }

  // evaluation: the cell and anchor with the highest objectness must hold the object, with its class
  torch::NoGradGuard no_grad;
  yolov3->eval();
  data_config.empty_probability = 0.0;
  auto test = make_toy_batch(200, data_config, anchors, rng);
  auto prediction = yolov3(test.first.to(device)).to(torch::kCPU);
  const int64_t n = prediction.size(0);
  auto conf = prediction.select(-1, 4).reshape({ n, -1 });
  auto best = conf.argmax(1);
  auto target_obj = test.second.select(-1, 4).reshape({ n, -1 });
  auto found = target_obj.gather(1, best.unsqueeze(1)).squeeze(1) > 0.5;
  auto class_pred = prediction.narrow(-1, 5, kNumClasses).reshape({ n, -1, kNumClasses }).argmax(-1).gather(1, best.unsqueeze(1)).squeeze(1);
  auto class_true = test.second.select(-1, 5).reshape({ n, -1 }).gather(1, best.unsqueeze(1)).squeeze(1).to(torch::kLong);
  const double accuracy = (found & class_pred.eq(class_true)).to(torch::kFloat).mean().item<double>();

  std::cout << "final loss: " << loss << std::endl;
  std::cout << "test accuracy: " << accuracy << std::endl;
  return 0;
}
