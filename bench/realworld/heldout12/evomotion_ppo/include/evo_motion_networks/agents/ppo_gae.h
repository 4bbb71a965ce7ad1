//
// PPO with generalized advantage estimation, separate actor and critic.
//

#ifndef EVO_MOTION_PPO_GAE_H
#define EVO_MOTION_PPO_GAE_H

#include <map>
#include <memory>
#include <string>
#include <vector>

#include <torch/torch.h>

#include "../agent.h"
#include "../networks/actor_critic_modules.h"
#include "../replay_buffer.h"

class PpoGaeAgent : public Agent {
public:
    PpoGaeAgent(
        int seed, const std::vector<int64_t> &state_space, const std::vector<int64_t> &action_space,
        int hidden_size, float gamma, float lam, float epsilon, float entropy_factor,
        float critic_loss_factor, int epoch, int batch_size, float learning_rate,
        float clip_grad_norm);

    torch::Tensor act(torch::Tensor state, float reward) override;
    void done(torch::Tensor state, float reward) override;

    std::map<std::string, float> get_metrics() override;
    void to(torch::DeviceType device) override;
    void set_eval(bool eval) override;
    int count_parameters() override;

    torch::Tensor act_deterministic(const torch::Tensor &state);
    long train_steps() const;

private:
    std::shared_ptr<ActorModule> actor;
    std::shared_ptr<torch::optim::Adam> actor_optimizer;

    std::shared_ptr<CriticModule> critic;
    std::shared_ptr<torch::optim::Adam> critic_optimizer;

    float gamma;
    float lambda;
    float epsilon;
    int epoch;
    float entropy_factor;
    float critic_loss_factor;
    float clip_grad_norm;

    long curr_train_step;
    long curr_episode_step;
    long global_curr_step;

    int batch_size;
    TrajectoryReplayBuffer replay_buffer;
    int train_every;

    float last_actor_loss;
    float last_critic_loss;

    torch::DeviceType curr_device;

    void check_train();
    void train(
        const torch::Tensor &batched_states, const torch::Tensor &batched_actions,
        const torch::Tensor &batched_rewards, const torch::Tensor &batched_done,
        const torch::Tensor &batched_next_state);
};

#endif // EVO_MOTION_PPO_GAE_H
