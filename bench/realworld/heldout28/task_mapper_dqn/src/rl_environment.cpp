#include "rl_environment.hpp"

#include <iostream>

#define NUM_TASK_FEATURES 4
#define NUM_DEP_TASK_FEATURES 3
#define NUM_DEVICE_FEATURES 4
#define DEVICE_FEATURE_OFFSET (NUM_TASK_FEATURES + NUM_DEP_TASK_FEATURES * 2)

double RLEnvironment::check_task_type_using_name(InnerTask *task) {
  std::string task_type_str = task->name.substr(0, task->name.find("_"));
  task_type_str += "#" + std::to_string(task->task_type);
  auto found = this->task_type_map_.find(task_type_str);
  if (found == this->task_type_map_.end()) {
    double task_type = this->last_task_type;
    this->task_type_map_[task_type_str] = this->last_task_type++;
    return task_type;
  }
  return found->second;
}

void RLEnvironment::make_current_task_state(InnerTask *task,
                                            torch::Tensor current_state,
                                            DevID_t num_devices, size_t offset,
                                            bool accum) {
  // 1) # of active dependencies.
  int64_t num_active_dependencies{0};
  for (InnerTask *dependency : task->dependencies) {
    if (!dependency->completed) {
      ++num_active_dependencies;
      DevID_t device_id = dependency->assigned_device;
      current_state[0][DEVICE_FEATURE_OFFSET + device_id * NUM_DEVICE_FEATURES + 3] += 1;
    }
  }
  // 2) # of visible 1-hop dependents.
  int64_t num_active_dependents{0};
  for (InnerTask *dependent : task->dependents) {
    if (!dependent->completed) {
      ++num_active_dependents;
    }
  }
  // 3) Mega-bytes of IN/INOUT/OUT data.
  double total_bytes{0};
  for (const DataBlock &block : task->parray_list) {
    total_bytes += static_cast<double>(block.size_bytes);
  }
  if (accum) {
    current_state[0][offset] += num_active_dependencies;
    current_state[0][offset + 1] += num_active_dependents;
    current_state[0][offset + 2] += (total_bytes / double{1 << 20}) / 64.0;
  } else {
    current_state[0][offset] = num_active_dependencies;
    current_state[0][offset + 1] = num_active_dependents;
    current_state[0][offset + 2] = (total_bytes / double{1 << 20}) / 64.0;
    // 4) Task type.
    current_state[0][offset + 3] = this->check_task_type_using_name(task);
  }
  (void)num_devices;
}

void RLEnvironment::make_current_active_deptask_state(
    InnerTask *task, torch::Tensor current_state, DevID_t num_devices) {
  // Iter 0: dependencies, iter 1: dependents.
  for (size_t t = 0; t < 2; ++t) {
    auto &dep_task_list = (t == 0) ? task->dependencies : task->dependents;
    double num_active_tasks{0};
    for (InnerTask *dep_task : dep_task_list) {
      if (!dep_task->completed) {
        ++num_active_tasks;
        this->make_current_task_state(dep_task, current_state, num_devices,
                                      NUM_TASK_FEATURES + t * NUM_DEP_TASK_FEATURES,
                                      true);
      }
    }
    for (size_t i = 0; i < NUM_DEP_TASK_FEATURES; ++i) {
      if (num_active_tasks > 0) {
        double old_value =
            current_state[0][NUM_TASK_FEATURES + t * NUM_DEP_TASK_FEATURES + i]
                .item<double>();
        current_state[0][NUM_TASK_FEATURES + t * NUM_DEP_TASK_FEATURES + i] =
            old_value / num_active_tasks;
      } else {
        current_state[0][NUM_TASK_FEATURES + t * NUM_DEP_TASK_FEATURES + i] = 0;
      }
    }
  }
}

void RLEnvironment::make_current_device_state(InnerTask *task,
                                              torch::Tensor current_state,
                                              DevID_t num_devices) {
  double total_bytes{0};
  for (const DataBlock &block : task->parray_list) {
    total_bytes += static_cast<double>(block.size_bytes);
  }
  // Exclude CPU.
  for (DevID_t d = 1; d < num_devices; ++d) {
    ParlaDevice *device = this->device_manager_->get_device_by_global_id(d);
    // 1) # of tasks on queues.
    current_state[0][DEVICE_FEATURE_OFFSET + d * NUM_DEVICE_FEATURES] =
        static_cast<double>(device->num_mapped_tasks) / 8.0;
    // 2) Data locality.
    double nonlocal_bytes{0};
    for (const DataBlock &block : task->parray_list) {
      if (block.home != d) {
        nonlocal_bytes += static_cast<double>(block.size_bytes);
      }
    }
    current_state[0][DEVICE_FEATURE_OFFSET + d * NUM_DEVICE_FEATURES + 1] =
        (total_bytes > 0) ? nonlocal_bytes / total_bytes : 0;
    // 3) Reservable memory.
    int64_t total_memory = device->total_memory();
    int64_t remaining_memory = device->reserved_memory();
    current_state[0][DEVICE_FEATURE_OFFSET + d * NUM_DEVICE_FEATURES + 2] =
        (total_memory > 0) ? (remaining_memory / double(total_memory)) : 0;
  }
}

torch::Tensor RLEnvironment::make_current_state(InnerTask *task) {
  DevID_t num_devices =
      static_cast<DevID_t>(this->device_manager_->get_num_devices());
  torch::Tensor current_state = torch::zeros(
      {1, NUM_TASK_FEATURES + (NUM_DEP_TASK_FEATURES * 2) +
              (num_devices * NUM_DEVICE_FEATURES)},
      torch::kDouble);
  this->make_current_task_state(task, current_state, num_devices, 0, false);
  this->make_current_active_deptask_state(task, current_state, num_devices);
  this->make_current_device_state(task, current_state, num_devices);
  return current_state;
}

torch::Tensor RLEnvironment::make_next_state(torch::Tensor current_state,
                                             DevID_t chosen_device_id,
                                             InnerTask *task) {
  torch::Tensor next_state = current_state.clone();
  ParlaDevice *device =
      this->device_manager_->get_device_by_global_id(chosen_device_id);
  next_state[0][DEVICE_FEATURE_OFFSET + chosen_device_id * NUM_DEVICE_FEATURES] += 1.0 / 8.0;
  int64_t task_memory{0};
  for (const DataBlock &block : task->parray_list) {
    task_memory += block.size_bytes;
  }
  int64_t total_memory = device->total_memory();
  int64_t remaining_memory = device->reserved_memory() - task_memory;
  next_state[0][DEVICE_FEATURE_OFFSET + chosen_device_id * NUM_DEVICE_FEATURES + 1] = 0;
  next_state[0][DEVICE_FEATURE_OFFSET + chosen_device_id * NUM_DEVICE_FEATURES + 2] =
      (total_memory > 0) ? (remaining_memory / double(total_memory)) : 0;
  return next_state;
}

torch::Tensor RLEnvironment::calculate_reward(DevID_t chosen_device_id,
                                              InnerTask *task,
                                              torch::Tensor current_state,
                                              double base_score) {
  double score{0};
  if (chosen_device_id == 0) {
    score = 0.f;
  } else {
    // Faster completion than the task's own compute estimate scores higher.
    double slowdown = task->completion_time_ms / (task->compute_ms + 1e-3);
    score = base_score / std::max(1.0, slowdown);
  }
  ++this->num_reward_accumulation_;
  this->reward_accumulation_ += score;
  (void)current_state;
  return torch::tensor({score}, torch::kDouble);
}

void RLEnvironment::output_reward(size_t episode) {
  if (episode % 20 == 0) {
    std::cout << "episode " << episode << " mean reward "
              << this->reward_accumulation_ /
                     std::max<size_t>(1, this->num_reward_accumulation_)
              << "\n";
  }
  this->reward_accumulation_ = 0;
  this->num_reward_accumulation_ = 0;
}
