#ifndef PARLA_RL_TASK_MAPPER
#define PARLA_RL_TASK_MAPPER

#include "rl_environment.hpp"
#include "runtime.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <iostream>
#include <mutex>
#include <random>
#include <torch/torch.h>

class ExperienceReplay {
public:
  using BufferTupleType =
      std::tuple<torch::Tensor /* Current state */,
                 torch::Tensor /* Chosen device from the state */,
                 torch::Tensor /* Next state */, torch::Tensor /* Reward */,
                 uint64_t /* Episode */>;
  using BufferTy = std::deque<BufferTupleType>;
  ExperienceReplay(int64_t capacity) : capacity_(capacity), gen_(1234) {}

  void push(torch::Tensor curr_state, torch::Tensor chosen_device,
            torch::Tensor next_state, torch::Tensor reward, uint64_t episode) {
    BufferTupleType new_buffer_element =
        std::make_tuple(curr_state, chosen_device, next_state, reward, episode);
    this->mtx_.lock();
    while (static_cast<int64_t>(this->buffer_.size()) >= this->capacity_) {
      this->buffer_.pop_front();
    }
    this->buffer_.push_back(new_buffer_element);
    this->mtx_.unlock();
  }

  std::vector<BufferTupleType> sample(int64_t batch_size) {
    this->mtx_.lock();
    std::vector<BufferTupleType> sampled_buffer(batch_size);
    std::sample(this->buffer_.begin(), this->buffer_.end(),
                sampled_buffer.begin(), sampled_buffer.size(), gen_);
    this->mtx_.unlock();
    return sampled_buffer;
  }

  size_t size() {
    size_t sz{0};
    this->mtx_.lock();
    sz = this->buffer_.size();
    this->mtx_.unlock();
    return sz;
  }

private:
  int64_t capacity_;
  BufferTy buffer_;
  std::mutex mtx_;
  std::mt19937_64 gen_;
};

class RLStateTransition {
public:
  std::string task_name;
  torch::Tensor current_state;
  torch::Tensor next_state;
  torch::Tensor chosen_device;
  torch::Tensor reward;
};

struct FullyConnectedDQNImpl : public torch::nn::Module {
  FullyConnectedDQNImpl(size_t in_dim, size_t out_dim, torch::Device device)
      : in_dim_(in_dim), out_dim_(out_dim), device_(device) {
    // Move networks to the device.
    fc1_ = torch::nn::Linear(in_dim, in_dim * 4);
    fc1_->to(torch::kDouble);
    fc1_ = register_module("fc1", fc1_);
    fc1_->to(device_);
    fc2_ = torch::nn::Linear(in_dim * 4, in_dim * 8);
    fc2_->to(torch::kDouble);
    fc2_ = register_module("fc2", fc2_);
    fc2_->to(device_);
    out_ = torch::nn::Linear(in_dim * 8, out_dim);
    out_->to(torch::kDouble);
    out_ = register_module("out", out_);
    out_->to(device_);
  }

  torch::Tensor forward(torch::Tensor x) {
    x = x.to(device_);
    x = torch::nn::functional::normalize(x.view({x.size(0), in_dim_}));
    x = torch::leaky_relu(fc1_(x));
    x = torch::leaky_relu(fc2_(x));
    x = torch::log_softmax(out_(x), 1);
    return x.squeeze(0);
  }

  uint32_t in_dim_, out_dim_;
  torch::nn::Linear fc1_{nullptr}, fc2_{nullptr}, out_{nullptr};
  torch::Device device_;
};

class RLAgent {
public:
  using BufferTupleType = typename ExperienceReplay::BufferTupleType;

  RLAgent(size_t in_dim, size_t out_dim, uint32_t n_actions,
          bool is_training_mode = true, torch::Device device = torch::kCUDA,
          float eps_start = 0.9, float eps_end = 0.05, float eps_decay = 1000,
          size_t batch_size = 516, float gamma = 0.999)
      : policy_net_(in_dim, out_dim, device), target_net_(in_dim, out_dim, device),
        device_(device), n_actions_(n_actions), is_training_mode_(is_training_mode),
        eps_start_(eps_start), eps_end_(eps_end), eps_decay_(eps_decay),
        batch_size_(batch_size), gamma_(gamma), steps_(0),
        replay_memory_(10000),
        rms_optimizer_(policy_net_.parameters(), torch::optim::RMSpropOptions(0.002)),
        episode_(0) {
    torch::NoGradGuard no_grad;
    auto target_named_parameters = this->target_net_.named_parameters();
    for (auto &named_parameter : this->policy_net_.named_parameters(true)) {
      torch::Tensor *target = target_named_parameters.find(named_parameter.key());
      if (target != nullptr) {
        target->copy_(named_parameter.value());
      }
    }
  }

  // Select a device from the current state.
  DevID_t select_device(torch::Tensor state,
                        std::vector<ParlaDevice *> device_candidates,
                        std::vector<bool> *mask = nullptr) {
    std::uniform_real_distribution<double> distribution(0, 1);
    std::mt19937_64 mt(random());
    float sample = distribution(mt);
    float eps_threshold =
        this->eps_end_ + (this->eps_start_ - this->eps_end_) *
                             exp(-1.f * this->steps_ / this->eps_decay_);
    this->steps_ += 1;
    if (sample > eps_threshold) {
      torch::NoGradGuard no_grad;
      torch::Tensor out_tensor = this->policy_net_.forward(state).clone();
      int64_t max_tensor_idx{1};
      for (size_t a = 0; a < this->n_actions_; ++a) {
        auto max_action_pair = out_tensor.max(0);
        max_tensor_idx = (std::get<1>(max_action_pair)).item<int64_t>();
        if (mask == nullptr || (*mask)[max_tensor_idx]) {
          return static_cast<DevID_t>(max_tensor_idx);
        }
        out_tensor[max_tensor_idx] = -9999999;
      }
      return static_cast<DevID_t>(max_tensor_idx);
    } else {
      std::uniform_real_distribution<> devid_distribution(
          0.f, static_cast<float>(this->n_actions_));
      DevID_t randomly_chosen_device{1};
      for (size_t a = 0; a < this->n_actions_; ++a) {
        randomly_chosen_device = static_cast<DevID_t>(devid_distribution(mt));
        if (mask == nullptr || (*mask)[randomly_chosen_device]) {
          return randomly_chosen_device;
        }
      }
      (void)device_candidates;
      return randomly_chosen_device;
    }
  }

  void optimize_model() {
    if (!this->is_training_mode()) {
      return;
    }

    if (this->replay_memory_.size() < this->batch_size_) {
      return;
    }

    std::vector<BufferTupleType> batch =
        this->replay_memory_.sample(this->batch_size_);
    std::vector<torch::Tensor> curr_states;
    std::vector<torch::Tensor> next_states;
    std::vector<torch::Tensor> actions;
    std::vector<torch::Tensor> rewards;

    // Stack Ss, S's, As, Rs in the batch to create 2D matrices.
    for (BufferTupleType &buffer : batch) {
      curr_states.push_back(std::get<0>(buffer));
      next_states.push_back(std::get<2>(buffer));
      actions.push_back(std::get<1>(buffer));
      rewards.push_back(std::get<3>(buffer));
    }

    torch::Tensor curr_states_tensor;
    torch::Tensor next_states_tensor;
    torch::Tensor actions_tensor;
    torch::Tensor rewards_tensor;

    curr_states_tensor = torch::cat(curr_states, 0);
    next_states_tensor = torch::cat(next_states, 0);

    // Action was 1 dimensional tensor, so needs to be unsqueezed to be
    // a (1, :) dimension tensor.
    actions_tensor = torch::cat(actions, 0).to(this->device_).unsqueeze(1);
    rewards_tensor = torch::cat(rewards, 0).to(torch::kFloat).to(this->device_);

    // Calculate expected Q value.
    torch::Tensor q_values = this->policy_net_.forward(curr_states_tensor);
    // Gather q values corresponding to chosen actions.
    q_values = q_values.gather(1, actions_tensor);
    torch::Tensor next_target_q_values =
        this->target_net_.forward(next_states_tensor);
    next_target_q_values = std::get<0>(next_target_q_values.max(1)).detach();
    torch::Tensor expected_q_values =
        this->gamma_ * next_target_q_values + rewards_tensor;
    torch::Tensor loss =
        torch::smooth_l1_loss(q_values, expected_q_values.unsqueeze(1));

    // Zerofying gradients in the optimizer.
    this->rms_optimizer_.zero_grad();
    // Update gradients.
    loss.backward();
    this->rms_optimizer_.step();
    this->last_loss_ = loss.item<double>();
    this->num_optimizations_ += 1;
    if (this->episode_ % 20 == 0) {
      std::cout << this->episode_ << " optimization.. Loss:" << this->last_loss_
                << "\n";
    }
  }

  void target_net_soft_update_simpler(float TAU = 0.005) {
    if (this->episode_ > 0 && this->episode_ % 3 == 0) {
      return;
    }
    for (auto &p : this->target_net_.named_parameters()) {
      torch::NoGradGuard no_grad;
      p.value().copy_(TAU * p.value() +
                      (1 - TAU) * this->policy_net_.named_parameters()[p.key()]);
    }
  }

  void append_replay_memory(torch::Tensor curr_state, torch::Tensor chosen_device,
                            torch::Tensor next_state, torch::Tensor reward) {
    this->replay_memory_.push(curr_state, chosen_device, next_state, reward,
                              this->episode_);
  }

  void append_mapped_task_info(InnerTask *task, torch::Tensor current_state,
                               torch::Tensor next_state,
                               torch::Tensor chosen_device, torch::Tensor reward) {
    RLStateTransition *tinfo = new RLStateTransition();
    tinfo->task_name = task->name;
    tinfo->current_state = current_state;
    tinfo->next_state = next_state;
    tinfo->chosen_device = chosen_device;
    tinfo->reward = reward;
    this->replay_mem_buffer_mtx_.lock();
    this->replay_memory_buffer_.push_back(tinfo);
    this->replay_mem_buffer_mtx_.unlock();
  }

  void evaluate_current_epoch(double exec_time_ms,
                              double best_exec_time_ms_exec_time_ms) {
    if (this->is_training_mode_) {
      this->replay_mem_buffer_mtx_.lock();
      double constant =
          (exec_time_ms == 0 ||
           best_exec_time_ms_exec_time_ms == std::numeric_limits<double>::max())
              ? 0
              : (best_exec_time_ms_exec_time_ms / exec_time_ms);
      if (constant < 0.8) {
        constant = 0;
      }
      for (size_t i = 0; i < this->replay_memory_buffer_.size(); ++i) {
        RLStateTransition *tinfo = this->replay_memory_buffer_[i];
        // All (S, A, R)s get constant reward if the current episode
        // is fast.
        torch::Tensor final_reward = torch::tensor(
            {tinfo->reward.item<double>() + constant}, torch::kDouble);
        this->append_replay_memory(tinfo->current_state, tinfo->chosen_device,
                                   tinfo->next_state, final_reward);
      }
      this->replay_mem_buffer_mtx_.unlock();
    }
    this->optimize_model();
  }

  void incr_episode() { ++this->episode_; }
  size_t get_episode() { return this->episode_; }
  bool is_training_mode() { return this->is_training_mode_; }
  double last_loss() const { return this->last_loss_; }
  size_t num_optimizations() const { return this->num_optimizations_; }

  void clear_replay_memory_buffer() {
    this->replay_mem_buffer_mtx_.lock();
    for (RLStateTransition *tinfo : this->replay_memory_buffer_) {
      delete tinfo;
    }
    this->replay_memory_buffer_.clear();
    this->replay_mem_buffer_mtx_.unlock();
  }

private:
  FullyConnectedDQNImpl policy_net_;
  FullyConnectedDQNImpl target_net_;
  torch::Device device_;
  uint32_t n_actions_;
  bool is_training_mode_;
  float eps_start_, eps_end_, eps_decay_;
  size_t batch_size_;
  float gamma_;
  uint64_t steps_;
  ExperienceReplay replay_memory_;
  torch::optim::RMSprop rms_optimizer_;
  size_t episode_;
  double last_loss_{0};
  size_t num_optimizations_{0};
  std::vector<RLStateTransition *> replay_memory_buffer_;
  std::mutex replay_mem_buffer_mtx_;
};

class RLTaskMappingPolicy {
public:
  RLTaskMappingPolicy(DeviceManager *device_manager, bool is_training_mode);
  ~RLTaskMappingPolicy();

  DevID_t run_task_mapping(InnerTask *task);

  void record_mapped_task(InnerTask *task, DevID_t chosen_device_gid);

  void evaluate_current_epoch(double exec_time_ms, double previous_exec_time_ms);

  RLAgent *agent() { return this->rl_agent_; }

private:
  DeviceManager *device_manager_;
  RLAgent *rl_agent_;
  RLEnvironment *rl_env_;
  torch::Tensor rl_current_state_;
  torch::Tensor rl_next_state_;
};

#endif
