#include "runtime.hpp"

DeviceManager::DeviceManager(int num_gpus) {
  devices_.emplace_back(0, true, int64_t{64} << 30);
  for (int g = 0; g < num_gpus; ++g) {
    devices_.emplace_back(static_cast<DevID_t>(g + 1), false, int64_t{16} << 30);
  }
}

std::vector<ParlaDevice *> DeviceManager::get_devices() {
  std::vector<ParlaDevice *> out;
  for (auto &d : devices_) {
    out.push_back(&d);
  }
  return out;
}

void DeviceManager::reset_device_timers() {
  for (auto &d : devices_) {
    d.busy_until_ms = 0;
    d.num_mapped_tasks = 0;
  }
}

std::vector<InnerTask> make_task_graph(int layers, int width, std::mt19937 &gen,
                                       DevID_t num_devices) {
  std::vector<InnerTask> tasks(static_cast<size_t>(layers * width));
  std::uniform_real_distribution<double> cost(0.5, 1.5);
  std::uniform_int_distribution<int> kind(0, 2);
  for (int l = 0; l < layers; ++l) {
    for (int w = 0; w < width; ++w) {
      InnerTask &t = tasks[static_cast<size_t>(l * width + w)];
      t.id = l * width + w;
      t.task_type = kind(gen);
      t.name = "task-" + std::to_string(l) + "_" + std::to_string(w);
      t.compute_ms = cost(gen) * (1.0 + t.task_type);
      // Each column of tiles lives on one GPU (1..num_devices-1).
      DevID_t home = 1 + static_cast<DevID_t>(w % (num_devices - 1));
      t.parray_list.push_back({int64_t{64} << 20, home});
      if (l > 0) {
        for (int dw = -1; dw <= 1; ++dw) {
          int nw = w + dw;
          if (nw < 0 || nw >= width) {
            continue;
          }
          InnerTask &dep = tasks[static_cast<size_t>((l - 1) * width + nw)];
          t.dependencies.push_back(&dep);
          dep.dependents.push_back(&t);
        }
      }
    }
  }
  return tasks;
}
