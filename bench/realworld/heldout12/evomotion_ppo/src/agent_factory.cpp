//
// Agents built by name from string parameters.
//

#include <memory>
#include <stdexcept>
#include <utility>

#include <evo_motion_networks/agent.h>
#include <evo_motion_networks/agent_factory.h>
#include <evo_motion_networks/agents/ppo_gae.h>

// Abstract

AgentFactory::AgentFactory(std::map<std::string, std::string> parameters)
    : parameters(std::move(parameters)) {}

template<typename Value>
Value AgentFactory::generic_get_value(
    std::function<Value(const std::string &)> converter, const std::string &key) {
    if (parameters.find(key) == parameters.end()) throw std::invalid_argument(key);
    return converter(parameters[key]);
}

template<>
int AgentFactory::get_value(const std::string &key) {
    return generic_get_value<int>([](const std::string &s) { return std::stoi(s); }, key);
}

template<>
float AgentFactory::get_value(const std::string &key) {
    return generic_get_value<float>([](const std::string &s) { return std::stof(s); }, key);
}

// Debug agents

RandomAgent::RandomAgent(const std::vector<int64_t> &action_space)
    : action_space(action_space), curr_device(torch::kCPU) {}

torch::Tensor RandomAgent::act(torch::Tensor state, float reward) {
    return torch::rand(action_space) * 2.f - 1.f;
}

void RandomAgent::done(torch::Tensor state, float reward) {}

std::map<std::string, float> RandomAgent::get_metrics() { return {}; }

void RandomAgent::to(torch::DeviceType device) { curr_device = device; }

void RandomAgent::set_eval(bool eval) {}

int RandomAgent::count_parameters() { return 0; }

ConstantAgent::ConstantAgent(const std::vector<int64_t> &action_space)
    : action_space(action_space), curr_device(torch::kCPU) {}

torch::Tensor ConstantAgent::act(torch::Tensor state, float reward) {
    return torch::zeros(action_space);
}

void ConstantAgent::done(torch::Tensor state, float reward) {}

std::map<std::string, float> ConstantAgent::get_metrics() { return {}; }

void ConstantAgent::to(torch::DeviceType device) { curr_device = device; }

void ConstantAgent::set_eval(bool eval) {}

int ConstantAgent::count_parameters() { return 0; }

// Agent factories

RandomAgentFactory::RandomAgentFactory(const std::map<std::string, std::string> &parameters)
    : AgentFactory(parameters) {}

std::shared_ptr<Agent> RandomAgentFactory::create_agent(
    const std::vector<int64_t> &state_space, const std::vector<int64_t> &action_space) {
    return std::make_shared<RandomAgent>(action_space);
}

ConstantAgentFactory::ConstantAgentFactory(const std::map<std::string, std::string> &parameters)
    : AgentFactory(parameters) {}

std::shared_ptr<Agent> ConstantAgentFactory::create_agent(
    const std::vector<int64_t> &state_space, const std::vector<int64_t> &action_space) {
    return std::make_shared<ConstantAgent>(action_space);
}

PpoGaeFactory::PpoGaeFactory(const std::map<std::string, std::string> &parameters)
    : AgentFactory(parameters) {}

std::shared_ptr<Agent> PpoGaeFactory::create_agent(
    const std::vector<int64_t> &state_space, const std::vector<int64_t> &action_space) {
    return std::make_shared<PpoGaeAgent>(
        get_value<int>("seed"), state_space, action_space, get_value<int>("hidden_size"),
        get_value<float>("gamma"), get_value<float>("lambda"), get_value<float>("epsilon"),
        get_value<float>("entropy_factor"), get_value<float>("critic_loss_factor"),
        get_value<int>("epoch"), get_value<int>("batch_size"), get_value<float>("learning_rate"),
        get_value<float>("clip_grad_norm"));
}

// Build factory

std::map<
    std::string, std::function<std::shared_ptr<AgentFactory>(std::map<std::string, std::string>)>>
    AGENT_FACTORY_CONSTRUCTORS = {
        {"random", std::make_shared<RandomAgentFactory, std::map<std::string, std::string>>},
        {"constant", std::make_shared<ConstantAgentFactory, std::map<std::string, std::string>>},
        {"ppo_gae", std::make_shared<PpoGaeFactory, std::map<std::string, std::string>>}};

std::shared_ptr<AgentFactory>
get_agent_factory(const std::string &agent_name, std::map<std::string, std::string> parameters) {
    if (AGENT_FACTORY_CONSTRUCTORS.find(agent_name) == AGENT_FACTORY_CONSTRUCTORS.end())
        throw std::invalid_argument(agent_name);
    return AGENT_FACTORY_CONSTRUCTORS[agent_name](std::move(parameters));
}
