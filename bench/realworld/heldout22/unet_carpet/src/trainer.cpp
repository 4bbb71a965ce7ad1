#include "trainer.h"

#include <chrono>
#include <iostream>
#include <numeric>

#include "losses.h"

Trainer::Trainer() {
  m_bTraining = false;
  m_lastLoss = 0.0;
  m_epoch = 100;
  m_batchsize = 8;
  m_train_loss = 0.001;
}

void Trainer::WriteTrainLog(const std::string& line) { std::cout << line << std::endl; }

void Trainer::SetParameter(int epoch, int batchsize) {
  m_epoch = epoch;
  m_batchsize = batchsize;
}

bool Trainer::run(const CarpetSplit& train_split, const CarpetSplit& val_split) {
  return Train(train_split, val_split, m_epoch, m_batchsize, m_train_loss);
}

double Trainer::TestModel(const CarpetSplit& test_split) {
  torch::NoGradGuard no_grad;
  m_model->eval();
  auto device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  m_model->to(device);
  auto logits = m_model->forward(test_split.images.to(device).toType(torch::kFloat));
  return dice_score(logits.cpu(), test_split.masks);
}

bool Trainer::Train(const CarpetSplit& train_split, const CarpetSplit& val_split, int epoch,
                    int batchsize, double train_loss) {
  WriteTrainLog("..........Train start");
  auto sTime = std::chrono::steady_clock::now();
  m_bTraining = true;

  WriteTrainLog("Epoch \t" + std::to_string(epoch));
  WriteTrainLog("Batch size \t" + std::to_string(batchsize));
  WriteTrainLog("Train loss \t" + std::to_string(train_loss));

  // get dataset(train)
  auto dataset = MyDataset(train_split).map(torch::data::transforms::Stack<>());
  auto data_loader = torch::data::make_data_loader<torch::data::samplers::SequentialSampler>(
      std::move(dataset), batchsize);

  // validation dataset
  auto dataset_val = MyDataset(val_split).map(torch::data::transforms::Stack<>());
  auto data_loader_val = torch::data::make_data_loader<torch::data::samplers::SequentialSampler>(
      std::move(dataset_val), batchsize);

  auto optim = torch::optim::Adam(m_model->parameters(), torch::optim::AdamOptions(train_loss));
  WriteTrainLog("..........Set dataset");

  // train
  auto device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  m_model->to(device);

  std::string strlog;
  for (int i = 1; i <= epoch; i++) {
    m_model->train();

    std::vector<float> loss_arr, loss_arr_val;
    int batch_index = 0;

    for (auto& batch : *data_loader) {
      if (!m_bTraining) {
        WriteTrainLog("..........Train stop !");
        return false;
      }

      auto data = batch.data.to(device).toType(torch::kFloat);
      auto label = batch.target.to(device).toType(torch::kFloat);

      auto output = m_model->forward(data);

      optim.zero_grad();
      auto loss = segmentation_loss(output, label);
      loss.backward();
      optim.step();

      auto loss_value = loss.item<float>();
      loss_arr.push_back(loss_value);
      ++batch_index;
    }

    double loss_mean = std::accumulate(loss_arr.begin(), loss_arr.end(), 0.0) / loss_arr.size();
    strlog = "Epoch[" + std::to_string(i) + "/" + std::to_string(epoch) +
             "] | Train Mean Loss : " + std::to_string(loss_mean);
    WriteTrainLog(strlog);
    m_lastLoss = loss_mean;

    // validation set (the original also steps the optimizer here)
    m_model->eval();
    loss_arr_val.clear();

    for (auto& batch : *data_loader_val) {
      if (!m_bTraining) {
        WriteTrainLog("..........Train stop !");
        return false;
      }

      auto data = batch.data.to(device).toType(torch::kFloat);
      auto label = batch.target.to(device).toType(torch::kFloat);

      auto output = m_model->forward(data);

      optim.zero_grad();
      auto loss = segmentation_loss(output, label);
      loss.backward();
      optim.step();

      auto loss_value = loss.item<float>();
      loss_arr_val.push_back(loss_value);
    }

    double loss_mean_val =
        std::accumulate(loss_arr_val.begin(), loss_arr_val.end(), 0.0) / loss_arr_val.size();
    strlog = "Epoch[" + std::to_string(i) + "/" + std::to_string(epoch) +
             "] | Test Mean Loss : " + std::to_string(loss_mean_val);
    WriteTrainLog(strlog);
  }

  m_bTraining = false;
  auto secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - sTime).count();
  WriteTrainLog("..........Train complete !!! (" + std::to_string(secs) + " s)");
  return true;
}
