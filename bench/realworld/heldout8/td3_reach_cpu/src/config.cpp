#include "agent_config.h"

#include <string>

namespace {
bool read_option(const std::string &arg, const std::string &key, std::string &value) {
  const std::string prefix = "--" + key + "=";
  if (arg.rfind(prefix, 0) != 0) return false;
  value = arg.substr(prefix.size());
  return true;
}
}  // namespace

AgentConfig parse_args(int argc, char **argv) {
  AgentConfig cfg;
  cfg.actor_hidden = {64, 50};
  cfg.critic_hidden = {100, 100};
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    std::string value;
    if (read_option(arg, "env-steps", value)) cfg.env_steps = std::stoll(value);
    else if (read_option(arg, "batch-size", value)) cfg.batch_size = std::stoll(value);
    else if (read_option(arg, "seed", value)) cfg.seed = std::stoull(value);
    else if (read_option(arg, "actor-lr", value)) cfg.actor_lr = std::stod(value);
    else if (read_option(arg, "critic-lr", value)) cfg.critic_lr = std::stod(value);
  }
  return cfg;
}
