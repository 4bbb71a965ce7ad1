//
// Generic trainer: a model, datasets, an optimizer and a loss given as template parameters.
//

#ifndef LIBTORCHPLAYGROUND_TRAINER_CPP_TRAINERBASE_HPP_
#define LIBTORCHPLAYGROUND_TRAINER_CPP_TRAINERBASE_HPP_

#include <torch/torch.h>
#include <iostream>
#include <memory>
#include <vector>

#include "Trainer/BatchTransformTemplate.hpp"
#include "Trainer/Metrics.h"

template<class TorchModule,
         class TorchDataset,
         class Sampler,
         class Optimizer,
         class Loss,
         class ReturnType = torch::Tensor>
class TrainerBase {

 protected:
  // Variables
  typedef torch::data::datasets::MapDataset<
      TorchDataset,
      BatchTransformTemplate<std::vector<torch::data::Example<>>,
                             torch::data::Example<ReturnType, torch::Tensor>>>
      MappedDataset;
  typedef std::unique_ptr<torch::data::StatelessDataLoader<MappedDataset, Sampler>> TorchDataLoader;

  TorchModule model_;
  Optimizer *optimizer_;
  Loss *loss_;
  TorchDataLoader trainDataLoader_;
  TorchDataLoader evalDataLoader_;

  torch::DeviceType device_;
  int64_t steps_ = 0;

  // Functions
  virtual std::vector<float> train_loop();
  virtual std::vector<float> eval_loop();

  torch::Tensor train_step(torch::Tensor &logits, torch::Tensor &targets);
  torch::Tensor eval_step(torch::Tensor &logits, torch::Tensor &targets);

  TorchDataLoader setup_data_loader(TorchDataset &dataset, int batchSize);

 public:
  // Constructor
  TrainerBase(TorchModule &model,
              TorchDataset &trainDataset,
              TorchDataset &evalDataset,
              int batchSize,
              Optimizer &optimizer,
              Loss &loss);

  // Destructor
  virtual ~TrainerBase();

  // Functions
  virtual std::vector<float> fit(int epochs);
  virtual std::vector<float> validate();
  int64_t steps() const;
};

// ------------------------------------------ DEFINITIONS ------------------------------------------------------

template<class TorchModule, class TorchDataset, class Sampler, class Optimizer, class Loss, class ReturnType>
std::vector<float> TrainerBase<TorchModule, TorchDataset, Sampler, Optimizer, Loss, ReturnType>::train_loop() {
  std::vector<float> losses;
  std::vector<float> accuracies;

  model_->train();
  for (auto &batch : *trainDataLoader_) {
    auto data = batch.data.to(device_);
    auto target = batch.target.to(device_);

    torch::Tensor logits = model_->forward(data);
    torch::Tensor loss = train_step(logits, target);
    losses.push_back(loss.item<float>());
    accuracies.push_back(0.f);
  }
  return Metrics::get_batch_metrics(losses, accuracies);
}

template<class TorchModule, class TorchDataset, class Sampler, class Optimizer, class Loss, class ReturnType>
std::vector<float> TrainerBase<TorchModule, TorchDataset, Sampler, Optimizer, Loss, ReturnType>::eval_loop() {
  std::vector<float> losses;
  std::vector<float> accuracies;

  model_->eval();
  torch::NoGradGuard noGradGuard;
  {
    for (auto &batch : *evalDataLoader_) {
      auto data = batch.data.to(device_);
      torch::Tensor target = batch.target.to(device_);
      torch::Tensor logits = model_->forward(data);
      torch::Tensor loss = eval_step(logits, target);
      losses.push_back(loss.item<float>());
      accuracies.push_back(0.f);
    }
  }
  return Metrics::get_batch_metrics(losses, accuracies);
}

template<class TorchModule, class TorchDataset, class Sampler, class Optimizer, class Loss, class ReturnType>
torch::Tensor TrainerBase<TorchModule, TorchDataset, Sampler, Optimizer, Loss, ReturnType>::train_step(torch::Tensor &logits, torch::Tensor &targets) {
  optimizer_->zero_grad();
  torch::Tensor loss = loss_->ptr()->forward(logits, targets);
  loss.backward();
  optimizer_->step();
  steps_++;

  return loss;
}

template<class TorchModule, class TorchDataset, class Sampler, class Optimizer, class Loss, class ReturnType>
torch::Tensor TrainerBase<TorchModule, TorchDataset, Sampler, Optimizer, Loss, ReturnType>::eval_step(torch::Tensor &logits, torch::Tensor &targets) {
  torch::Tensor loss = loss_->ptr()->forward(logits, targets);
  return loss;
}

template<class TorchModule, class TorchDataset, class Sampler, class Optimizer, class Loss, class ReturnType>
typename TrainerBase<TorchModule, TorchDataset, Sampler, Optimizer, Loss, ReturnType>::TorchDataLoader
TrainerBase<TorchModule, TorchDataset, Sampler, Optimizer, Loss, ReturnType>::setup_data_loader(TorchDataset &dataset, int batchSize) {
  MappedDataset datasetMap = dataset.map(
      BatchTransformTemplate<std::vector<torch::data::Example<>>,
                             torch::data::Example<ReturnType, torch::Tensor>>());

  torch::data::DataLoaderOptions dataLoaderOptions = torch::data::DataLoaderOptions().batch_size(batchSize);
  return torch::data::make_data_loader<Sampler>(std::move(datasetMap), dataLoaderOptions);
}

template<class TorchModule, class TorchDataset, class Sampler, class Optimizer, class Loss, class ReturnType>
TrainerBase<TorchModule, TorchDataset, Sampler, Optimizer, Loss, ReturnType>::TrainerBase(TorchModule &model,
                                                                                          TorchDataset &trainDataset,
                                                                                          TorchDataset &evalDataset,
                                                                                          int batchSize,
                                                                                          Optimizer &optimizer,
                                                                                          Loss &loss) {

  model_ = model;
  optimizer_ = &optimizer;
  loss_ = &loss;
  trainDataLoader_ = setup_data_loader(trainDataset, batchSize);
  evalDataLoader_ = setup_data_loader(evalDataset, batchSize);

  device_ = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  model_->to(device_);
}

template<class TorchModule, class TorchDataset, class Sampler, class Optimizer, class Loss, class ReturnType>
TrainerBase<TorchModule, TorchDataset, Sampler, Optimizer, Loss, ReturnType>::~TrainerBase() = default;

template<class TorchModule, class TorchDataset, class Sampler, class Optimizer, class Loss, class ReturnType>
std::vector<float> TrainerBase<TorchModule, TorchDataset, Sampler, Optimizer, Loss, ReturnType>::fit(int epochs) {
  std::vector<float> trainMetrics;
  for (int epoch = 0; epoch != epochs; epoch++) {
    std::cout << "Epoch:" << epoch << " Training Phase" << std::endl;
    trainMetrics = train_loop();
    std::cout << "Loss:" << trainMetrics[0] << " Accuracy:" << trainMetrics[1] << std::endl;

    if (evalDataLoader_ != nullptr) {
      std::cout << "Evaluation Phase" << std::endl;
      std::vector<float> evalMetrics = eval_loop();
      std::cout << "Loss:" << evalMetrics[0] << " Accuracy:" << evalMetrics[1] << std::endl;
    }
  }
  return trainMetrics;
}

template<class TorchModule, class TorchDataset, class Sampler, class Optimizer, class Loss, class ReturnType>
std::vector<float> TrainerBase<TorchModule, TorchDataset, Sampler, Optimizer, Loss, ReturnType>::validate() {
  return eval_loop();
}

template<class TorchModule, class TorchDataset, class Sampler, class Optimizer, class Loss, class ReturnType>
int64_t TrainerBase<TorchModule, TorchDataset, Sampler, Optimizer, Loss, ReturnType>::steps() const {
  return steps_;
}

#endif//LIBTORCHPLAYGROUND_TRAINER_CPP_TRAINERBASE_HPP_
