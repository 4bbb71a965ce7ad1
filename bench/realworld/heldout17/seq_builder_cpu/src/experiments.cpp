#include "experiments.h"

#include <iostream>

#include "glyph_data.h"
#include "layer_model.h"
#include "network_torch.h"

namespace {
const int kTrainBatchSize = 32;
const int kTestBatchSize = 20;
}  // namespace

ExperimentResult learning_and_test_rnn_dataset(cpp_torch::test::SeqenceData &seqence_data,
                                               torch::Device device) {
  ExperimentResult result;
  std::vector<torch::Tensor> train_images, train_labels, test_images, test_labels;
  seqence_data.get_train_data(train_images, train_labels);
  seqence_data.get_test_data(test_images, test_labels);

  cpp_torch::Net model;
  model->setInput(1, 1, seqence_data.y_dim * seqence_data.sequence_length);
  model->add_recurrent(std::string("gru"), seqence_data.sequence_length, seqence_data.hidden_size);
  model->add_Tanh();
  model->add_fc(100);
  model->add_Tanh();
  model->add_fc(seqence_data.y_dim * seqence_data.out_sequence_length);

  cpp_torch::network_torch<cpp_torch::Net> nn(model, device);
  nn.input_dim(1, 1, seqence_data.y_dim * seqence_data.sequence_length);
  nn.output_dim(1, 1, seqence_data.y_dim * seqence_data.out_sequence_length);
  nn.classification = false;
  nn.batch_shuffle = true;

  result.untrained_metric = nn.get_loss(test_images, test_labels, kTestBatchSize);

  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(0.005));

  int epoch = 1;
  auto on_enumerate_epoch = [&]() {
    if (epoch % 2 == 0)
      std::cout << "[rnn] epoch " << epoch << " loss " << nn.loss_value << std::endl;
    ++epoch;
  };
  auto on_enumerate_minibatch = [&]() {};

  nn.fit(&optimizer, train_images, train_labels, kTrainBatchSize, 8, on_enumerate_minibatch,
         on_enumerate_epoch);

  result.final_loss = nn.loss_value;
  result.test_metric = nn.get_loss(test_images, test_labels, kTestBatchSize);
  return result;
}

ExperimentResult learning_and_test_glyph_dataset(torch::Device device) {
  ExperimentResult result;
  const int num_classes = 8;
  std::vector<torch::Tensor> train_images, train_labels, test_images, test_labels;
  cpp_torch::test::make_glyph_dataset(800, num_classes, 10, 11, train_images, train_labels);
  cpp_torch::test::make_glyph_dataset(200, num_classes, 10, 12, test_images, test_labels);

  cpp_torch::Net model;
  model->setInput(1, 12, 12);
  model->add_conv2d(1, 20, 3);
  model->add_ReLU();
  model->add_maxpool2d(2);
  model->add_conv2d(20, 32, 3);
  model->add_ReLU();
  model->add_dropout(0.2f);
  model->add_fc(10);

  cpp_torch::network_torch<cpp_torch::Net> nn(model, device);
  nn.input_dim(1, 12, 12);
  nn.output_dim(1, 1, 10);
  nn.classification = true;
  nn.class_mask = (torch::arange(10) >= num_classes).unsqueeze(0).to(device);

  result.untrained_metric = nn.test_accuracy(test_images, test_labels, kTestBatchSize);

  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.05).momentum(0.5));

  int epoch = 1;
  auto on_enumerate_epoch = [&]() {
    std::cout << "[glyph] epoch " << epoch << " loss " << nn.loss_value << std::endl;
    ++epoch;
  };

  nn.fit(&optimizer, train_images, train_labels, kTrainBatchSize, 6, {}, on_enumerate_epoch);

  result.final_loss = nn.loss_value;
  result.test_metric = nn.test_accuracy(test_images, test_labels, kTestBatchSize);
  return result;
}
