#ifndef _PPO_SAMPLER_H_
#define _PPO_SAMPLER_H_

#include "Model.h"

namespace train::model {

class PPOSampler : public Model {
public:
    PPOSampler(const data::MarketData &data,
        train::agent::Agent *agent,
        const train::TrainOption &option,
        torch::optim::Optimizer *optimizer,
        torch::Device device);
    ~PPOSampler();

    float train(torch::Device device) override;
    float test(torch::Device device, std::vector<float> *actOut) override;
    float adapt_and_test(torch::Device device, torch::optim::Optimizer &adapt_opt) override;

private:
    void mini_batch(BatchTensor &bt);
};

};

#endif // _PPO_SAMPLER_H_
