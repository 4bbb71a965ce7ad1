//
// Trainer of a classifier: the loops of TrainerBase with losses and accuracies per batch.
//

#ifndef LIBTORCHPLAYGROUND_TRAINER_CPP_TRAINER_HPP_
#define LIBTORCHPLAYGROUND_TRAINER_CPP_TRAINER_HPP_

#include <torch/torch.h>
#include <vector>

#include "Trainer/TrainerBase.hpp"
#include "Trainer/Metrics.h"

template<class TorchModule,
         class TorchDataset,
         class Sampler,
         class Optimizer,
         class Loss,
         class ReturnType = torch::Tensor>
class Trainer : public TrainerBase<TorchModule, TorchDataset, Sampler, Optimizer, Loss, ReturnType> {

  // Functions
  std::vector<float> train_loop() override;
  std::vector<float> eval_loop() override;

 public:
  // Constructor
  Trainer(TorchModule &model,
          TorchDataset &trainDataset,
          TorchDataset &evalDataset,
          int batchSize,
          Optimizer &optimizer,
          Loss &loss);

  // Destructor
  ~Trainer() override;
};

// ------------------------------------------ DEFINITIONS ------------------------------------------------------

template<class TorchModule, class TorchDataset, class Sampler, class Optimizer, class Loss, class ReturnType>
std::vector<float> Trainer<TorchModule, TorchDataset, Sampler, Optimizer, Loss, ReturnType>::train_loop() {
  std::vector<float> losses;
  std::vector<float> accuracies;

  this->model_->train();
  for (auto &batch : *this->trainDataLoader_) {

    auto data = batch.data.to(this->device_);
    auto target = batch.target.to(this->device_);

    torch::Tensor logits = this->model_->forward(data);
    torch::Tensor predictedClasses = torch::argmax(logits, -1);
    torch::Tensor loss = this->train_step(logits, target);

    float accuracyValue = Metrics::accuracy(predictedClasses, target);

    losses.push_back(loss.item<float>());
    accuracies.push_back(accuracyValue);
  }
  return Metrics::get_batch_metrics(losses, accuracies);
}

template<class TorchModule, class TorchDataset, class Sampler, class Optimizer, class Loss, class ReturnType>
std::vector<float> Trainer<TorchModule, TorchDataset, Sampler, Optimizer, Loss, ReturnType>::eval_loop() {
  std::vector<float> losses;
  std::vector<float> accuracies;

  this->model_->eval();
  torch::NoGradGuard noGradGuard;
  {
    for (auto &batch : *this->evalDataLoader_) {
      auto data = batch.data.to(this->device_);
      torch::Tensor target = batch.target.to(this->device_);

      auto logits = this->model_->forward(data);
      torch::Tensor predictedClasses = torch::argmax(logits, -1);

      torch::Tensor loss = this->eval_step(logits, target);
      float accuracyValue = Metrics::accuracy(predictedClasses, target);

      losses.push_back(loss.item<float>());
      accuracies.push_back(accuracyValue);
    }
  }
  return Metrics::get_batch_metrics(losses, accuracies);
}

template<class TorchModule, class TorchDataset, class Sampler, class Optimizer, class Loss, class ReturnType>
Trainer<TorchModule, TorchDataset, Sampler, Optimizer, Loss, ReturnType>::Trainer(
    TorchModule &model,
    TorchDataset &trainDataset,
    TorchDataset &evalDataset,
    int batchSize,
    Optimizer &optimizer,
    Loss &loss) : TrainerBase<TorchModule, TorchDataset, Sampler, Optimizer, Loss, ReturnType>(model,
                                                                                               trainDataset,
                                                                                               evalDataset,
                                                                                               batchSize,
                                                                                               optimizer,
                                                                                               loss) {
}

template<class TorchModule, class TorchDataset, class Sampler, class Optimizer, class Loss, class ReturnType>
Trainer<TorchModule, TorchDataset, Sampler, Optimizer, Loss, ReturnType>::~Trainer() = default;

#endif//LIBTORCHPLAYGROUND_TRAINER_CPP_TRAINER_HPP_
