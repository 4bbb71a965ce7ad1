#ifndef PARLA_RL_ENVIRONMENT
#define PARLA_RL_ENVIRONMENT

#include "runtime.hpp"

#include <torch/torch.h>

#include <unordered_map>

class RLEnvironment {
public:
  explicit RLEnvironment(DeviceManager *device_manager)
      : device_manager_(device_manager) {}

  torch::Tensor make_current_state(InnerTask *task);
  torch::Tensor make_next_state(torch::Tensor current_state,
                                DevID_t chosen_device_id, InnerTask *task);
  torch::Tensor calculate_reward(DevID_t chosen_device_id, InnerTask *task,
                                 torch::Tensor current_state, double base_score);
  void output_reward(size_t episode);

private:
  double check_task_type_using_name(InnerTask *task);
  void make_current_task_state(InnerTask *task, torch::Tensor current_state,
                               DevID_t num_devices, size_t offset, bool accum);
  void make_current_active_deptask_state(InnerTask *task,
                                         torch::Tensor current_state,
                                         DevID_t num_devices);
  void make_current_device_state(InnerTask *task, torch::Tensor current_state,
                                 DevID_t num_devices);

  DeviceManager *device_manager_;
  std::unordered_map<std::string, double> task_type_map_;
  double last_task_type{0};
  double reward_accumulation_{0};
  size_t num_reward_accumulation_{0};
};

#endif
