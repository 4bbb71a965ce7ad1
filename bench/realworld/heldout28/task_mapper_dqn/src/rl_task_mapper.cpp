#include "rl_task_mapper.hpp"

RLTaskMappingPolicy::RLTaskMappingPolicy(DeviceManager *device_manager,
                                         bool is_training_mode)
    : device_manager_(device_manager) {
  size_t num_devices = device_manager->get_num_devices();
  torch::Device device =
      torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  this->rl_agent_ = new RLAgent(10 + num_devices * 4, num_devices, num_devices,
                                is_training_mode, device);
  this->rl_env_ = new RLEnvironment(this->device_manager_);
}

RLTaskMappingPolicy::~RLTaskMappingPolicy() {
  delete this->rl_agent_;
  delete this->rl_env_;
}

DevID_t RLTaskMappingPolicy::run_task_mapping(InnerTask *task) {
  size_t num_devices = this->device_manager_->get_num_devices();
  std::vector<bool> compatible_devices(num_devices, false);
  size_t num_compatible_devices{0};
  DevID_t chosen_device_gid{0};
  int64_t task_memory{0};
  for (const DataBlock &block : task->parray_list) {
    task_memory += block.size_bytes;
  }
  for (ParlaDevice *device : this->device_manager_->get_devices()) {
    if (device->reserved_memory() >= task_memory) {
      chosen_device_gid = device->get_global_id();
      ++num_compatible_devices;
      compatible_devices[device->get_global_id()] = true;
    }
  }

  if (num_compatible_devices == 1) {
    return chosen_device_gid;
  }

  this->rl_current_state_ = this->rl_env_->make_current_state(task);
  chosen_device_gid = this->rl_agent_->select_device(
      this->rl_current_state_, this->device_manager_->get_devices(),
      &compatible_devices);
  if (!compatible_devices[chosen_device_gid]) {
    chosen_device_gid = 0;
  }
  return chosen_device_gid;
}

void RLTaskMappingPolicy::evaluate_current_epoch(double exec_time_ms,
                                                 double previous_exec_time_ms) {
  this->rl_agent_->evaluate_current_epoch(exec_time_ms, previous_exec_time_ms);
  this->rl_agent_->incr_episode();
  this->rl_agent_->target_net_soft_update_simpler();
  this->rl_env_->output_reward(this->rl_agent_->get_episode());
  this->rl_agent_->clear_replay_memory_buffer();
}

// Records the transition of the task placed last (the scheduler calls it once
// the simulated completion time of the task is known).
void RLTaskMappingPolicy::record_mapped_task(InnerTask *task,
                                             DevID_t chosen_device_gid) {
  if (!this->rl_agent_->is_training_mode() || !this->rl_current_state_.defined()) {
    return;
  }
  this->rl_next_state_ = this->rl_env_->make_next_state(
      this->rl_current_state_, chosen_device_gid, task);
  torch::Tensor reward = this->rl_env_->calculate_reward(
      chosen_device_gid, task, this->rl_current_state_, 1.0);
  this->rl_agent_->append_mapped_task_info(
      task, this->rl_current_state_, this->rl_next_state_,
      torch::tensor({int64_t{chosen_device_gid}}, torch::kInt64), reward);
  this->rl_current_state_ = torch::Tensor();
}
