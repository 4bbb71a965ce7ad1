#include "Trainer.h"
#include "Agent.h"
#include "Model.h"

#include <chrono>
#include <iostream>
#include <memory>
#include <sstream>

using namespace std::chrono;

namespace train {

std::ostream& operator<<(std::ostream& os, const TrainOption& op)
{
    os << "model=" << op.modelType
       << " agent=" << op.agentType
       << " interval=" << op.interval
       << " rnnLayers=" << op.rnnLayers
       << " rnnBase=" << op.rnnBase
       << " linearBase=" << op.linearBase
       << " drop=" << op.drop
       << " nlen=" << op.normalizeLen
       << " opt=" << op.optType
       << " lr=" << op.learnRate
       << " cols=[" << op.stringCols() << "]";
    return os;
}

std::string TrainOption::stringCols() const
{
    std::stringstream ss;
    std::string delimiter = "";
    for (auto it = cols.begin(); it != cols.end(); ++it) {
        ss << delimiter << *it;
        delimiter = "-";
    }
    return ss.str();
}

std::string TrainOption::genTag() const {
    std::stringstream ss;
    ss << modelType << '_' << agentType << '_' << interval << '_'
       << rnnLayers << "rnn" << rnnBase << '_'
       << "linear" << linearBase << '_'
       << "drop" << drop << '_'
       << "nlen" << normalizeLen << '_'
       << optType << '_' << stringCols();
    return ss.str();
}

Trainer::Trainer(const data::MarketData &data, const TrainOption &option, torch::Device device)
    : _data(data)
    , _options(option)
    , _device(device)
{
}

Trainer::~Trainer() {
}

#define INIT_MODEL   \
std::unique_ptr<train::agent::Agent> _agent(agent::Agent::create(_options));   \
std::unique_ptr<torch::optim::Optimizer> _opt(createOptimizer(_options, _agent.get()));  \
std::unique_ptr<model::Model> _model(model::Model::create(_data, _agent.get(), _options, _opt.get(), _device));   \
_agent->to(_device);

torch::optim::Optimizer *Trainer::createOptimizer(const TrainOption &option, train::agent::Agent *agent) {
    if (option.optType == "Adam") {
        return new torch::optim::Adam(agent->parameters(), torch::optim::AdamOptions(option.learnRate));
    } else if (option.optType == "SGD") {
        return new torch::optim::SGD(agent->parameters(), torch::optim::SGDOptions(option.learnRate));
    }
    return nullptr;
}

float Trainer::train() {
    float max_test_reward_tot = 0.0f;

    for (unsigned round = 0; round < _options.repeat; ++round) {
        float max_test_reward = 0.0f;
        unsigned patient = 0;

        INIT_MODEL;

        auto round_start = steady_clock::now();
        unsigned epoch_cnt = 0;
        unsigned best_epoch = 0;
        for (; epoch_cnt < _options.maxEpoch; ++epoch_cnt) {
            float train_reward = _model->train(_device);
            float test_reward = _model->test(_device, nullptr);

            std::cout << epoch_cnt << " train_reward=" << train_reward << " test_reward=" << test_reward
                      << " loss=" << _model->lastLoss() << std::endl;

            if (test_reward > _options.saveCumprod && test_reward > max_test_reward * 0.98f) {
                std::cout << "  would save " << _options.genTag() << "_prod" << test_reward
                          << "_epo" << epoch_cnt << ".pt" << std::endl;
            }

            if (test_reward > max_test_reward) {
                best_epoch = epoch_cnt;
                max_test_reward = test_reward;
                patient = 0;
                max_test_reward_tot = std::max(max_test_reward_tot, test_reward);
            } else if (++patient > _options.patient) {
                break;
            }
        }
        auto elapsed = duration_cast<milliseconds>(steady_clock::now() - round_start).count();
        std::cout << _options
                  << " max_test_reward=" << max_test_reward
                  << " best_epoch=" << best_epoch
                  << " elapsed=" << elapsed << "ms" << std::endl;

        float final_test = _model->test(_device, nullptr);
        std::cout << "final loss: " << _model->lastLoss() << std::endl;
        std::cout << "test cumprod: " << final_test
                  << " (buy and hold: " << _model->buyAndHold() << ")" << std::endl;

        // keep learning on the test days, one small step per new day
        torch::optim::SGD adaptOpt(_agent->parameters(), torch::optim::SGDOptions(1e-4));
        float adapted = _model->adapt_and_test(_device, adaptOpt);
        std::cout << "test cumprod with online adaptation: " << adapted << std::endl;
    }

    return max_test_reward_tot;
}

};
