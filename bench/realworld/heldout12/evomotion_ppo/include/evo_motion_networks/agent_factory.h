//
// Agents are built by name from a map of string parameters (read from the command line).
//

#ifndef EVO_MOTION_AGENT_FACTORY_H
#define EVO_MOTION_AGENT_FACTORY_H

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "./agent.h"

class AgentFactory {
public:
    explicit AgentFactory(std::map<std::string, std::string> parameters);
    virtual ~AgentFactory() = default;

    virtual std::shared_ptr<Agent> create_agent(
        const std::vector<int64_t> &state_space, const std::vector<int64_t> &action_space) = 0;

protected:
    template<typename Value>
    Value get_value(const std::string &key);

private:
    std::map<std::string, std::string> parameters;

    template<typename Value>
    Value generic_get_value(std::function<Value(const std::string &)> converter, const std::string &key);
};

class RandomAgentFactory : public AgentFactory {
public:
    explicit RandomAgentFactory(const std::map<std::string, std::string> &parameters);
    std::shared_ptr<Agent> create_agent(
        const std::vector<int64_t> &state_space, const std::vector<int64_t> &action_space) override;
};

class ConstantAgentFactory : public AgentFactory {
public:
    explicit ConstantAgentFactory(const std::map<std::string, std::string> &parameters);
    std::shared_ptr<Agent> create_agent(
        const std::vector<int64_t> &state_space, const std::vector<int64_t> &action_space) override;
};

class PpoGaeFactory : public AgentFactory {
public:
    explicit PpoGaeFactory(const std::map<std::string, std::string> &parameters);
    std::shared_ptr<Agent> create_agent(
        const std::vector<int64_t> &state_space, const std::vector<int64_t> &action_space) override;
};

std::shared_ptr<AgentFactory>
get_agent_factory(const std::string &agent_name, std::map<std::string, std::string> parameters);

#endif // EVO_MOTION_AGENT_FACTORY_H
