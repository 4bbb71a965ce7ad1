//
// Actor (truncated normal policy) and critic (state value) networks.
//

#ifndef EVO_MOTION_ACTOR_CRITIC_MODULES_H
#define EVO_MOTION_ACTOR_CRITIC_MODULES_H

#include <vector>

#include <torch/torch.h>

struct actor_response {
    torch::Tensor mu;
    torch::Tensor sigma;
};

struct critic_response {
    torch::Tensor value;
};

class SoftPlusEpsModule : public torch::nn::Module {
public:
    explicit SoftPlusEpsModule(float epsilon);
    torch::Tensor forward(const torch::Tensor &input);

private:
    float epsilon;
};

class ActorModule : public torch::nn::Module {
public:
    ActorModule(std::vector<int64_t> state_space, std::vector<int64_t> action_space, int hidden_size);
    actor_response forward(const torch::Tensor &state);

private:
    torch::nn::Sequential head{nullptr};
    torch::nn::Sequential mu{nullptr};
    torch::nn::Sequential sigma{nullptr};
};

class CriticModule : public torch::nn::Module {
public:
    CriticModule(std::vector<int64_t> state_space, int hidden_size);
    critic_response forward(const torch::Tensor &state);

private:
    torch::nn::Sequential critic{nullptr};
};

void init_weights(torch::nn::Module &module);

#endif // EVO_MOTION_ACTOR_CRITIC_MODULES_H
