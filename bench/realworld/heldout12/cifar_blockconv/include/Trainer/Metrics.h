//
// Batch metrics of the trainer.
//

#ifndef LIBTORCHPLAYGROUND_TRAINER_UTILITIES_METRICS_METRICS_H_
#define LIBTORCHPLAYGROUND_TRAINER_UTILITIES_METRICS_METRICS_H_

#include <torch/torch.h>
#include <vector>

class Metrics {
 public:
  static float accuracy(torch::Tensor &predictedClasses, torch::Tensor &trueClasses);
  static std::vector<float> get_batch_metrics(std::vector<float> &losses, std::vector<float> &accuracies);
};

#endif//LIBTORCHPLAYGROUND_TRAINER_UTILITIES_METRICS_METRICS_H_
