#ifndef _MODEL_H_
#define _MODEL_H_

#include <torch/torch.h>
#include <vector>

#include "MarketData.h"
#include "ReplayBuffer.h"

namespace train {
    struct TrainOption;
};
namespace train::agent {
    class Agent;
};

namespace train::model {

class Model {
public:
    static Model *create(const data::MarketData &data,
        train::agent::Agent *agent,
        const train::TrainOption &option,
        torch::optim::Optimizer *optimizer,
        torch::Device device);

    Model(const data::MarketData &data,
        train::agent::Agent *agent,
        const train::TrainOption &option,
        torch::optim::Optimizer *optimizer,
        torch::Device device);
    virtual ~Model();

    virtual float train(torch::Device device) = 0;
    virtual float test(torch::Device device, std::vector<float> *actOut) = 0;
    virtual float adapt_and_test(torch::Device device, torch::optim::Optimizer &adapt_opt) = 0;

    float buyAndHold() const;
    float lastLoss() const { return _last_loss; }

    std::vector<torch::Tensor> trade(torch::Tensor &state, std::vector<torch::Tensor> &hs);

protected:
    torch::Tensor window_at(long i, torch::Device device) const;   // [window, 1, features]

    const data::MarketData &_data;
    train::agent::Agent *_agent;
    const train::TrainOption &_options;
    torch::optim::Optimizer *_optimizer;
    ReplayBuffer _buff;
    torch::Device _device;
    torch::Tensor _zscores;   // [rows, features]
    torch::Tensor _diff;      // [rows], the day's return in percent
    float _last_loss = 0.0f;
};

};

#endif // _MODEL_H_
