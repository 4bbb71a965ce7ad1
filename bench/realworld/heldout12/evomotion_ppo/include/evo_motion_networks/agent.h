//
// Abstract agent: acts on a state with the reward of the previous action, learns when told.
//

#ifndef EVO_MOTION_AGENT_H
#define EVO_MOTION_AGENT_H

#include <map>
#include <string>
#include <vector>

#include <torch/torch.h>

class Agent {
public:
    virtual ~Agent() = default;

    virtual torch::Tensor act(torch::Tensor state, float reward) = 0;
    virtual void done(torch::Tensor state, float reward) = 0;

    virtual std::map<std::string, float> get_metrics() = 0;
    virtual void to(torch::DeviceType device) = 0;
    virtual void set_eval(bool eval) = 0;
    virtual int count_parameters() = 0;
};

// Baselines of the evaluation

class RandomAgent : public Agent {
public:
    explicit RandomAgent(const std::vector<int64_t> &action_space);
    torch::Tensor act(torch::Tensor state, float reward) override;
    void done(torch::Tensor state, float reward) override;
    std::map<std::string, float> get_metrics() override;
    void to(torch::DeviceType device) override;
    void set_eval(bool eval) override;
    int count_parameters() override;

private:
    std::vector<int64_t> action_space;
    torch::DeviceType curr_device;
};

class ConstantAgent : public Agent {
public:
    explicit ConstantAgent(const std::vector<int64_t> &action_space);
    torch::Tensor act(torch::Tensor state, float reward) override;
    void done(torch::Tensor state, float reward) override;
    std::map<std::string, float> get_metrics() override;
    void to(torch::DeviceType device) override;
    void set_eval(bool eval) override;
    int count_parameters() override;

private:
    std::vector<int64_t> action_space;
    torch::DeviceType curr_device;
};

#endif // EVO_MOTION_AGENT_H
