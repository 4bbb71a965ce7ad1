#pragma once

#include <string>
#include <vector>

#include "dataset.h"
#include "unet.h"

class Trainer {
 public:
  Trainer();

  void SetParameter(int epoch, int batchsize);
  bool run(const CarpetSplit& train_split, const CarpetSplit& val_split);
  double TestModel(const CarpetSplit& test_split);

  bool m_bTraining;
  double m_lastLoss;

 private:
  bool Train(const CarpetSplit& train_split, const CarpetSplit& val_split, int epoch = 100,
             int batchsize = 8, double train_loss = 0.001);
  void WriteTrainLog(const std::string& line);

  UNet m_model;
  int m_epoch;
  int m_batchsize;
  double m_train_loss;
};
