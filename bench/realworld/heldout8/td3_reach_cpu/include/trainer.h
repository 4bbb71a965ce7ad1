#pragma once

#include "agent_config.h"
#include "reach_env.h"
#include "td3_agent.h"

double run_td3(TD3Agent &agent, ReachEnv &env, const AgentConfig &cfg);
double evaluate(TD3Agent &agent, int64_t episodes, bool random_policy);
