#pragma once

#include <torch/torch.h>

#include "kws_config.h"
#include "model.h"
#include "speech_data.h"

double train_kws(KwsNet &model, const KeywordSet &train, const TrainOptions &opts, torch::Device device);
double accuracy(KwsNet &model, const KeywordSet &test, torch::Device device);
