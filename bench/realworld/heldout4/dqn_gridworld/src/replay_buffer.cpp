#include "replay_buffer.h"

#include <vector>

ReplayBuffer::ReplayBuffer(size_t capacity, uint64_t seed) : capacity_(capacity), rng_(seed) {}

void ReplayBuffer::push(Transition t) {
  if (memory_.size() >= capacity_) memory_.pop_front();
  memory_.push_back(std::move(t));
}

RBSample ReplayBuffer::sample(int64_t batch_size, torch::Device device) {
  std::uniform_int_distribution<size_t> pick(0, memory_.size() - 1);
  std::vector<torch::Tensor> s, v, ns, nv;
  std::vector<int64_t> a;
  std::vector<float> r, d;
  for (int64_t i = 0; i < batch_size; ++i) {
    const Transition& t = memory_[pick(rng_)];
    s.push_back(t.state);
    v.push_back(t.valid);
    ns.push_back(t.next_state);
    nv.push_back(t.next_valid);
    a.push_back(t.action);
    r.push_back(t.reward);
    d.push_back(t.done ? 1.f : 0.f);
  }
  RBSample out;
  out.states = torch::stack(s).to(device);
  out.valid = torch::stack(v).to(device);
  out.next_states = torch::stack(ns).to(device);
  out.next_valid = torch::stack(nv).to(device);
  out.actions = torch::tensor(a, torch::kLong).to(device);
  out.rewards = torch::tensor(r).to(device);
  out.dones = torch::tensor(d).to(device);
  return out;
}
