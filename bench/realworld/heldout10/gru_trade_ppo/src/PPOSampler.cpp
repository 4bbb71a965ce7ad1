#include "PPOSampler.h"
#include "Agent.h"
#include "TrainOption.h"

#include <algorithm>
#include <iostream>
#include <memory>

using torch::indexing::Slice;
using torch::indexing::None;

// ---------------------------------------------------------------- replay buffer

ReplayBuffer::ReplayBuffer(size_t capacity, size_t hxs)
    : _capacity(capacity), _hx_count(hxs)
{
}

void ReplayBuffer::clear() {
    _states.clear(); _diffs.clear(); _acts.clear(); _rets.clear(); _hxs.clear();
}

void ReplayBuffer::push_back(const torch::Tensor &state, const torch::Tensor &diff,
                             const torch::Tensor &act, const torch::Tensor &ret,
                             const std::vector<torch::Tensor> &hs) {
    if (_states.size() >= _capacity)
        return;
    _states.push_back(state);
    _diffs.push_back(diff.reshape({1}));
    _acts.push_back(act.reshape({1}));
    _rets.push_back(ret.reshape({1}));
    _hxs.push_back(hs);
}

BatchTensor ReplayBuffer::toTensor(torch::Device dev) const {
    BatchTensor bt;
    bt._states = torch::cat(_states, 1).to(dev);
    bt._diffs = torch::cat(_diffs, 0).to(dev);
    bt._acts = torch::cat(_acts, 0).to(dev);
    bt._rets = torch::cat(_rets, 0).to(dev);
    for (size_t k = 0; k < _hx_count; ++k) {
        std::vector<torch::Tensor> hk;
        for (auto &h : _hxs)
            hk.push_back(h[k]);
        bt._hxs.push_back(torch::cat(hk, 1).to(dev));
    }
    return bt;
}

Sampler *Sampler::create(const train::TrainOption &option, const ReplayBuffer &buff, torch::Device dev)
{
    if (option.sampler == "random") {
        return new RandomSampler(option, buff, dev);
    } else {
        std::cout << "wrong sampler type: " << option.sampler << std::endl;
    }
    return nullptr;
}

Sampler::Sampler(const train::TrainOption &option, const ReplayBuffer &buff, torch::Device dev)
    : _buff(buff), _options(option), _device(dev),
    _bufTensor(buff.toTensor(dev))
{
}

BatchTensor Sampler::sample() {
    long end = std::min(_cur_idx + (long)_options.batchSize, (long)_idx.size(0));
    auto idx = _idx.index({Slice(_cur_idx, end)});
    _cur_idx = end;

    std::vector<torch::Tensor> hxs;
    for (auto &hx : _bufTensor._hxs)
        hxs.emplace_back(hx.index_select(1, idx));

    return {
        std::move(hxs),
        _bufTensor._states.index_select(1, idx),
        _bufTensor._acts.index_select(0, idx),
        _bufTensor._rets.index_select(0, idx),
        _bufTensor._diffs.index_select(0, idx)
    };
}

void RandomSampler::resetIdx() {
    _idx = torch::randperm(_bufTensor._diffs.size(0), torch::TensorOptions().dtype(torch::kLong).device(_device));
    _cur_idx = 0;
}

namespace train::model {

// ---------------------------------------------------------------- model base

Model *Model::create(const data::MarketData &data,
    train::agent::Agent *agent,
    const train::TrainOption &option,
    torch::optim::Optimizer *optimizer,
    torch::Device device) {
    if (option.modelType == "PPOSampler") {
        return new PPOSampler(data, agent, option, optimizer, device);
    }
    return nullptr;
}

Model::Model(const data::MarketData &data,
    train::agent::Agent *agent,
    const train::TrainOption &option,
    torch::optim::Optimizer *optimizer,
    torch::Device device)
    : _data(data),
    _agent(agent),
    _options(option),
    _optimizer(optimizer),
    _buff(_options.trainLen, _agent->hxSize()),
    _device(device)
{
    // rolling z-scores over normalizeLen days, as the csv pipeline did
    auto raw = data.getCols(option.cols).to(device);
    auto win = raw.unfold(0, option.normalizeLen, 1);                 // [rows, features, normalizeLen]
    auto mean = win.mean(-1);
    auto sd = win.std(-1);
    _zscores = (raw.index({Slice(option.normalizeLen - 1, None)}) - mean) / (sd + 1e-6);
    _diff = data.getCol("diff").index({Slice(option.normalizeLen - 1, None)}).to(device);
}

Model::~Model() {
}

torch::Tensor Model::window_at(long i, torch::Device device) const {
    return _zscores.index({Slice(i - _options.window + 1, i + 1)}).unsqueeze(1).to(device);
}

float Model::buyAndHold() const {
    auto rets = _diff.index({Slice(_options.trainLen + 1, None)});
    return (rets / 100.0 + 1.0).prod().item<float>();
}

std::vector<torch::Tensor> Model::trade(torch::Tensor &state, std::vector<torch::Tensor> &hs) {
    std::vector<torch::Tensor> params{state};
    for (auto &h : hs)
        params.push_back(h);

    torch::NoGradGuard no_grad;
    auto ret = _agent->forward(params);

    hs.clear();
    // 0 -> action
    // 1 -> value
    for (size_t i = 2; i < ret.size(); ++i)
        hs.push_back(ret[i]);

    return ret;
}

// ---------------------------------------------------------------- PPOSampler

PPOSampler::PPOSampler(const data::MarketData &data,
    train::agent::Agent *agent,
    const train::TrainOption &option,
    torch::optim::Optimizer *optimizer,
    torch::Device device)
    : Model(data, agent, option, optimizer, device)
{
}

PPOSampler::~PPOSampler() {
}

void PPOSampler::mini_batch(BatchTensor &bt) {
    _agent->train();
    _optimizer->zero_grad();

    std::vector<torch::Tensor> params;
    params.emplace_back(std::move(bt._states));
    for (auto &h : bt._hxs)
        params.emplace_back(std::move(h));

    auto out = _agent->forward(params);
    auto actions = out[0].flatten();
    auto values = out[1].flatten();

    auto returns = actions * bt._diffs;
    auto adv = returns - values;

    auto clip_loss = -adv.mean();
    auto vf_loss = torch::nn::functional::mse_loss(values, bt._diffs);
    auto sharpe = returns.mean() / (returns.std() + 1e-8);
    auto entropy = -(actions * torch::log(actions + 1e-8) + (1 - actions) * torch::log(1 - actions + 1e-8)).mean();
    auto loss = clip_loss + vf_loss - 0.1 * sharpe - 0.01 * entropy;
    loss.backward();
    _optimizer->step();

    _last_loss = loss.item<float>();
}

float PPOSampler::train(torch::Device device) {
    _agent->eval();
    _buff.clear();
    float cumprod = 1.0f;

    {
        torch::NoGradGuard no_grad_guard;
        std::vector<torch::Tensor> hs(_agent->hxSize(),
            torch::zeros({_options.rnnLayers, 1, _options.rnnBase}, torch::TensorOptions().device(device)));
        for (long i = _options.window - 1; i < (long)_options.trainLen - 1; ++i) {
            auto state = window_at(i, device);
            auto h_in = hs;
            auto out = trade(state, hs);
            auto action = out[0].flatten();
            auto diff = _diff.index({i + 1});
            auto r = (action * diff)[0];
            cumprod *= (r.item<float>() / 100.0f + 1.0f);

            _buff.push_back(state, diff, action, r, h_in);
        }
    }

    std::unique_ptr<Sampler> sampler(Sampler::create(_options, _buff, device));
    for (int i = 0; i < 4; ++i) {
        sampler->resetIdx();
        while (sampler->hasMore()) {
            auto batchTensor = sampler->sample();
            mini_batch(batchTensor);
        }
    }

    return cumprod;
}

float PPOSampler::test(torch::Device device, std::vector<float> *actOut) {
    torch::NoGradGuard no_grad_guard;
    _agent->eval();

    float cumprod = 1.0f;
    std::vector<torch::Tensor> hs(_agent->hxSize(),
        torch::zeros({_options.rnnLayers, 1, _options.rnnBase}, torch::TensorOptions().device(device)));
    for (long i = _options.trainLen; i < _zscores.size(0) - 1; ++i) {
        auto state = window_at(i, device);
        auto out = trade(state, hs);
        auto action = out[0];
        auto r = (action.flatten() * _diff.index({i + 1}))[0].item<float>();
        cumprod *= (r / 100.0f + 1.0f);

        if (actOut) {
            actOut->push_back(action.item<float>());
        }
    }
    return cumprod;
}

// trade each test day, then learn from it once its return is known
float PPOSampler::adapt_and_test(torch::Device device, torch::optim::Optimizer &adapt_opt) {
    _agent->eval();

    float cumprod = 1.0f;
    std::vector<torch::Tensor> hs(_agent->hxSize(),
        torch::zeros({_options.rnnLayers, 1, _options.rnnBase}, torch::TensorOptions().device(device)));
    for (long i = _options.trainLen; i < _zscores.size(0) - 1; ++i) {
        auto state = window_at(i, device);
        auto h_in = hs;
        auto traded = trade(state, hs);
        auto diff = _diff.index({i + 1});
        cumprod *= ((traded[0].flatten() * diff)[0].item<float>() / 100.0f + 1.0f);

        std::vector<torch::Tensor> params{state};
        for (auto &h : h_in)
            params.push_back(h);
        auto out = _agent->forward(params);
        auto value_err = (out[1].flatten() - diff).abs().clamp_min(1e-6);
        auto loss = -(out[0].flatten() * diff).mean() + value_err.mean();
        loss.backward();
        adapt_opt.step();
    }
    return cumprod;
}

};
