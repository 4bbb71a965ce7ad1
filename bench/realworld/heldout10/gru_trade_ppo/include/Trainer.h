#ifndef _TRAINER_H_
#define _TRAINER_H_

#include <torch/torch.h>

#include "MarketData.h"
#include "TrainOption.h"

namespace train {
namespace agent { class Agent; };

class Trainer {
public:
    Trainer(const data::MarketData &data, const TrainOption &option, torch::Device device);
    ~Trainer();

    float train();

private:
    torch::optim::Optimizer *createOptimizer(const TrainOption &option, train::agent::Agent *agent);

    const data::MarketData &_data;
    const TrainOption &_options;
    torch::Device _device;
};

};

#endif // _TRAINER_H_
