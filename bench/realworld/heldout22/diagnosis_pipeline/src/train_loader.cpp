#include <iostream>

#include "training.h"

double train_with_loader(NNModel& model, const Split& split, int epochs, int64_t batchsize,
                         double learningRate) {
  auto train_dataset =
      CustomDatasets(split.X_train, split.y_train).map(torch::data::transforms::Stack<>());
  auto train_loader = torch::data::make_data_loader<torch::data::samplers::RandomSampler>(
      std::move(train_dataset), torch::data::DataLoaderOptions().batch_size(batchsize));

  auto optimizer = torch::optim::SGD(model->parameters(),
                                     torch::optim::SGDOptions(learningRate).momentum(0.9));
  auto scheduler = torch::optim::StepLR(optimizer, /*step_size=*/10, /*gamma=*/0.5);
  auto lossFunction = torch::nn::BCELoss();

  double epoch_loss = 0.0;
  for (int epoch = 0; epoch < epochs; ++epoch) {
    model->train();
    epoch_loss = 0.0;
    int64_t batches = 0;
    for (auto batch : *train_loader) {
      auto batchFeature = batch.data;
      auto batchLabel = batch.target;

      optimizer.zero_grad();
      auto yPred = model->forward(batchFeature);
      auto loss = lossFunction(yPred, batchLabel);
      loss.backward();
      optimizer.step();

      epoch_loss += loss.item<double>();
      ++batches;
    }
    scheduler.step();
    epoch_loss /= static_cast<double>(batches);
    if ((epoch + 1) % 5 == 0) {
      std::cout << "Epoch: " << epoch + 1 << ", Loss: " << epoch_loss << "\n";
    }
  }
  return epoch_loss;
}

EvalResult evaluate_loader(NNModel& model, const Split& split, int64_t batchsize) {
  auto test_dataset =
      CustomDatasets(split.X_test, split.y_test).map(torch::data::transforms::Stack<>());
  auto test_loader = torch::data::make_data_loader<torch::data::samplers::SequentialSampler>(
      std::move(test_dataset), torch::data::DataLoaderOptions().batch_size(batchsize));

  torch::NoGradGuard no_grad;
  model->eval();
  double total_loss = 0.0;
  int64_t correct_preds = 0, total_samples = 0, num_batches = 0;
  for (auto& batch : *test_loader) {
    auto output = model->forward(batch.data);
    total_loss += torch::binary_cross_entropy(output, batch.target).item<double>();
    auto predicted = (output >= 0.5).to(torch::kFloat32);
    correct_preds += predicted.eq(batch.target).sum().item<int64_t>();
    total_samples += batch.data.size(0);
    num_batches++;
  }
  return {total_loss / (num_batches > 0 ? num_batches : 1),
          total_samples > 0 ? static_cast<double>(correct_preds) / total_samples : 0.0};
}
