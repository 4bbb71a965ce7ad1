#ifndef TRAINER_H
#define TRAINER_H

#include <torch/torch.h>
#include <memory>
#include <vector>

#include "htagger.h"
#include "htagdataset.h"

float Train(std::shared_ptr<HTagger> tagger, std::vector<HTagDataset>& sigSets, std::vector<HTagDataset>& bkgSets, torch::Device& device, int batchSize, const float& lr, bool trainEven, bool optimize);

#endif
