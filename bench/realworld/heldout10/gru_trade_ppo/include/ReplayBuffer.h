#ifndef _REPLAY_BUFFER_H_
#define _REPLAY_BUFFER_H_

#include <torch/torch.h>
#include <vector>

namespace train {
    struct TrainOption;
};

struct BatchTensor {
    std::vector<torch::Tensor> _hxs;   // each [layers, batch, hidden]
    torch::Tensor _states;             // [window, batch, features]
    torch::Tensor _acts;
    torch::Tensor _rets;
    torch::Tensor _diffs;
};

class ReplayBuffer {
public:
    ReplayBuffer(size_t capacity, size_t hxs);

    void clear();
    void push_back(const torch::Tensor &state, const torch::Tensor &diff,
                   const torch::Tensor &act, const torch::Tensor &ret,
                   const std::vector<torch::Tensor> &hs);
    BatchTensor toTensor(torch::Device dev) const;
    size_t size() const { return _states.size(); }

private:
    size_t _capacity;
    size_t _hx_count;
    std::vector<torch::Tensor> _states, _diffs, _acts, _rets;
    std::vector<std::vector<torch::Tensor>> _hxs;
};

class Sampler {
public:
    static Sampler *create(const train::TrainOption &option, const ReplayBuffer &buff, torch::Device dev);

    Sampler(const train::TrainOption &option, const ReplayBuffer &buff, torch::Device dev);
    virtual ~Sampler() {}

    virtual void resetIdx() = 0;
    bool hasMore() const { return _cur_idx < _idx.size(0); }
    BatchTensor sample();

protected:
    const ReplayBuffer &_buff;
    const train::TrainOption &_options;
    torch::Device _device;
    BatchTensor _bufTensor;
    torch::Tensor _idx;
    long _cur_idx = 0;
};

class RandomSampler : public Sampler {
public:
    using Sampler::Sampler;
    void resetIdx() override;
};

#endif // _REPLAY_BUFFER_H_
