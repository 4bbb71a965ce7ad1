// A scheduler loop around the RL task mapper: every episode places the tasks
// of a layered task graph on a CPU and four GPUs, one by one, in the order
// the runtime would map them; the simulated makespan of the episode is the
// mapper's epoch evaluation.
#include "rl_task_mapper.hpp"
#include "runtime.hpp"

#include <torch/torch.h>

#include <iostream>
#include <limits>
#include <numeric>
#include <random>

namespace {

double simulate_placement(DeviceManager &devices, InnerTask &task, DevID_t d) {
  ParlaDevice *device = devices.get_device_by_global_id(d);
  double ready_ms = 0;
  for (InnerTask *dep : task.dependencies) {
    ready_ms = std::max(ready_ms, dep->completion_time_ms);
  }
  double start_ms = std::max(ready_ms, device->busy_until_ms);
  double transfer_ms = 0;
  for (const DataBlock &block : task.parray_list) {
    if (block.home != d) {
      transfer_ms += 0.03 * static_cast<double>(block.size_bytes >> 20);
    }
  }
  for (InnerTask *dep : task.dependencies) {
    if (dep->assigned_device != d) {
      transfer_ms += 0.5;
    }
  }
  double compute_ms = device->is_cpu() ? task.compute_ms * 4.0 : task.compute_ms;
  double end_ms = start_ms + transfer_ms + compute_ms;
  device->busy_until_ms = end_ms;
  device->num_mapped_tasks += 1;
  task.assigned_device = d;
  task.completion_time_ms = end_ms;
  return end_ms - ready_ms;
}

}  // namespace

int main() {
  torch::manual_seed(0);
  const int kEpisodes = 160;
  const int kLayers = 8;
  const int kWidth = 12;

  DeviceManager device_manager(4);
  RLTaskMappingPolicy policy(&device_manager, /*is_training_mode=*/true);
  std::mt19937 gen(7);

  double best_exec_time_ms = std::numeric_limits<double>::max();
  std::vector<double> losses;
  std::vector<double> makespans;
  for (int episode = 0; episode < kEpisodes; ++episode) {
    std::vector<InnerTask> tasks =
        make_task_graph(kLayers, kWidth, gen,
                        static_cast<DevID_t>(device_manager.get_num_devices()));
    device_manager.reset_device_timers();
    for (int l = 0; l < kLayers; ++l) {
      for (auto *device : device_manager.get_devices()) {
        device->num_mapped_tasks = 0;
      }
      for (int w = 0; w < kWidth; ++w) {
        InnerTask &task = tasks[static_cast<size_t>(l * kWidth + w)];
        DevID_t chosen = policy.run_task_mapping(&task);
        double elapsed = simulate_placement(device_manager, task, chosen);
        double saved = task.completion_time_ms;
        task.completion_time_ms = elapsed;
        policy.record_mapped_task(&task, chosen);
        task.completion_time_ms = saved;
      }
      if (l > 0) {
        for (int w = 0; w < kWidth; ++w) {
          tasks[static_cast<size_t>((l - 1) * kWidth + w)].completed = true;
        }
      }
    }
    double exec_time_ms = 0;
    for (auto *device : device_manager.get_devices()) {
      exec_time_ms = std::max(exec_time_ms, device->busy_until_ms);
    }
    makespans.push_back(exec_time_ms);
    size_t before = policy.agent()->num_optimizations();
    policy.evaluate_current_epoch(exec_time_ms, best_exec_time_ms);
    if (policy.agent()->num_optimizations() > before) {
      losses.push_back(policy.agent()->last_loss());
    }
    best_exec_time_ms = std::min(best_exec_time_ms, exec_time_ms);
    if (episode % 20 == 0) {
      std::cout << "episode " << episode << " makespan " << exec_time_ms
                << " ms\n";
    }
  }

  auto window_mean = [](const std::vector<double> &v, size_t from, size_t to) {
    return std::accumulate(v.begin() + from, v.begin() + to, 0.0) /
           static_cast<double>(to - from);
  };
  std::cout << "optimizer steps: " << policy.agent()->num_optimizations() << "\n";
  std::cout << "first 20 losses mean: " << window_mean(losses, 0, 20) << "\n";
  std::cout << "makespan first 20 episodes: " << window_mean(makespans, 0, 20)
            << " ms, last 20: "
            << window_mean(makespans, makespans.size() - 20, makespans.size())
            << " ms\n";
  std::cout << "final loss: "
            << window_mean(losses, losses.size() - 20, losses.size()) << std::endl;
  return 0;
}
