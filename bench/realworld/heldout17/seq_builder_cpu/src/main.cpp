#include <torch/torch.h>

#include <iostream>
#include <string>

#include "experiments.h"
#include "sequence_data.h"

//#define USE_CUDA

const int sequence_length = 20;
const int out_sequence_length = 3;
const int hidden_size = 50;
const int x_dim = 1;
const int y_dim = 3;
const int64_t kTrainBatchSize = 32;

int main() {
  torch::manual_seed(1);

  torch::DeviceType device_type;
#ifdef USE_CUDA
  if (torch::cuda::is_available()) {
    std::cout << "CUDA available! Training on GPU." << std::endl;
    device_type = torch::kCUDA;
  } else
#endif
  {
    std::cout << "Training on CPU." << std::endl;
    device_type = torch::kCPU;
  }
  torch::Device device(device_type);

  cpp_torch::test::SeqenceData seqence_data;
  seqence_data.x_dim = x_dim;
  seqence_data.y_dim = y_dim;
  seqence_data.sequence_length = sequence_length;
  seqence_data.out_sequence_length = out_sequence_length;
  seqence_data.hidden_size = hidden_size;
  seqence_data.n_minibatch = kTrainBatchSize;
  seqence_data.Initialize(40, 80, 7);

  ExperimentResult rnn = learning_and_test_rnn_dataset(seqence_data, device);
  std::cout << "sequence model: final training loss " << rnn.final_loss << ", test MSE "
            << rnn.untrained_metric << " -> " << rnn.test_metric << std::endl;

  ExperimentResult glyph = learning_and_test_glyph_dataset(device);
  std::cout << "glyph model: test accuracy " << glyph.untrained_metric << " -> "
            << glyph.test_metric << std::endl;

  std::cout << "final loss: " << glyph.final_loss << std::endl;
  std::cout << "test accuracy: " << glyph.test_metric << " (sequence test MSE " << rnn.test_metric
            << ")" << std::endl;
  return 0;
}
