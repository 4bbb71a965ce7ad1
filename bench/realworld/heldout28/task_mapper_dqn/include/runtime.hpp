// A small stand-in for the task runtime around the RL mapper: tasks with
// dependencies and data blocks, devices with queues and memory.
#ifndef PARLA_RUNTIME_SIM
#define PARLA_RUNTIME_SIM

#include <cstdint>
#include <random>
#include <string>
#include <vector>

using DevID_t = uint32_t;

struct DataBlock {
  int64_t size_bytes;
  DevID_t home;  // the device that holds a valid copy
};

struct InnerTask {
  std::string name;
  int64_t id{0};
  int64_t task_type{0};
  double compute_ms{1.0};
  std::vector<InnerTask *> dependencies;
  std::vector<InnerTask *> dependents;
  std::vector<DataBlock> parray_list;
  bool completed{false};
  DevID_t assigned_device{0};
  double completion_time_ms{0};
};

class ParlaDevice {
public:
  ParlaDevice(DevID_t id, bool is_cpu, int64_t memory)
      : id_(id), is_cpu_(is_cpu), total_memory_(memory), reserved_memory_(memory) {}
  DevID_t get_global_id() const { return id_; }
  bool is_cpu() const { return is_cpu_; }
  int64_t total_memory() const { return total_memory_; }
  int64_t reserved_memory() const { return reserved_memory_; }
  void reserve(int64_t bytes) { reserved_memory_ -= bytes; }
  void release(int64_t bytes) { reserved_memory_ += bytes; }
  double busy_until_ms{0};
  int64_t num_mapped_tasks{0};

private:
  DevID_t id_;
  bool is_cpu_;
  int64_t total_memory_;
  int64_t reserved_memory_;
};

class DeviceManager {
public:
  explicit DeviceManager(int num_gpus);
  size_t get_num_devices() const { return devices_.size(); }
  ParlaDevice *get_device_by_global_id(DevID_t id) { return &devices_[id]; }
  std::vector<ParlaDevice *> get_devices();
  void reset_device_timers();

private:
  std::vector<ParlaDevice> devices_;
};

// One "episode" of the scheduler: a layered task graph (a tiled
// stencil-like workload) whose tasks the mapper places one by one.
std::vector<InnerTask> make_task_graph(int layers, int width, std::mt19937 &gen,
                                       DevID_t num_devices);

#endif
