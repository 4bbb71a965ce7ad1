//
// Trains a PPO agent on the arm reacher and compares it with the debug agents.
//

#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <string>

#include <torch/torch.h>

#include <evo_motion_model/environment.h>
#include <evo_motion_networks/agent_factory.h>
#include <evo_motion_networks/agents/ppo_gae.h>

namespace {

float evaluate(Agent &agent, PpoGaeAgent *ppo, const int episodes, const int seed) {
    ArmReacher env(seed);
    float final_error = 0.f;
    for (int e = 0; e < episodes; e++) {
        auto current = env.reset();
        while (!current.done) {
            const auto action = ppo != nullptr ? ppo->act_deterministic(current.state)
                                               : agent.act(current.state, current.reward);
            current = env.do_step(action);
        }
        final_error += env.mean_abs_error();
    }
    return final_error / static_cast<float>(episodes);
}

}  // namespace

int main(int argc, char **argv) {
    torch::manual_seed(1234);

    std::map<std::string, std::string> parameters = {
        {"seed", "1234"},          {"hidden_size", "100"},  {"gamma", "0.9"},
        {"lambda", "0.9"},         {"epsilon", "0.2"},      {"entropy_factor", "0.001"},
        {"critic_loss_factor", "0.5"}, {"epoch", "4"},      {"batch_size", "8"},
        {"learning_rate", "1e-3"}, {"clip_grad_norm", "1.0"}};
    int nb_episodes = 480;
    for (int i = 1; i < argc; i++) {
        const std::string arg = argv[i];
        const auto pos = arg.find('=');
        if (pos == std::string::npos) continue;
        if (arg.substr(0, pos) == "episodes") nb_episodes = std::stoi(arg.substr(pos + 1));
        else parameters[arg.substr(0, pos)] = arg.substr(pos + 1);
    }

    ArmReacher env(7);

    PpoGaeFactory factory(parameters);
    auto agent = factory.create_agent({ArmReacher::kObsDim}, {ArmReacher::kNumJoints});
    agent->to(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
    auto *ppo = dynamic_cast<PpoGaeAgent *>(agent.get());

    auto random_agent = get_agent_factory("random", {})->create_agent(
        env.get_state_space(), env.get_action_space());
    auto constant_agent = get_agent_factory("constant", {})->create_agent(
        env.get_state_space(), env.get_action_space());

    const float untrained = evaluate(*agent, ppo, 20, 99);

    for (int e = 0; e < nb_episodes; e++) {
        auto current = env.reset();
        float episode_reward = 0.f;
        while (!current.done) {
            const auto action = agent->act(current.state, current.reward);
            current = env.do_step(action);
            episode_reward += current.reward;
        }
        agent->done(current.state, current.reward);

        if ((e + 1) % 80 == 0) {
            const auto metrics = agent->get_metrics();
            std::cout << "episode " << (e + 1) << ": reward " << episode_reward
                      << ", actor loss " << metrics.at("actor_loss") << ", critic loss "
                      << metrics.at("critic_loss") << std::endl;
        }
    }

    const auto metrics = agent->get_metrics();
    const float trained = evaluate(*agent, ppo, 20, 99);
    const float random_error = evaluate(*random_agent, nullptr, 20, 99);
    const float constant_error = evaluate(*constant_agent, nullptr, 20, 99);

    std::cout << std::fixed << std::setprecision(4);
    std::cout << "parameters: " << agent->count_parameters() << ", optimizer steps per optimizer: "
              << ppo->train_steps() << std::endl;
    std::cout << "final loss: " << metrics.at("actor_loss") + metrics.at("critic_loss")
              << " (actor " << metrics.at("actor_loss") << ", critic " << metrics.at("critic_loss")
              << ")" << std::endl;
    std::cout << "test mean final joint error (20 episodes): trained " << trained << ", untrained "
              << untrained << ", zero action " << constant_error << ", random " << random_error
              << std::endl;
    return 0;
}
