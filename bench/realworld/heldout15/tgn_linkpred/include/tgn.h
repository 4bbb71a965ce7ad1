#pragma once

#include <torch/torch.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace tgn {

struct TGNConfig {
  std::size_t embedding_dim = 100;
  std::size_t memory_dim = 100;
  std::size_t time_dim = 100;
  std::size_t num_heads = 2;
  float dropout = 0.1;
};

struct Batch {
  torch::Tensor src;
  torch::Tensor dst;
  torch::Tensor t;
  torch::Tensor msg;
  torch::Tensor neg_dst;
};

struct Split {
  std::size_t start;
  std::size_t end;
  auto size() const -> std::size_t { return end - start; }
};

class TGStore {
 public:
  TGStore(torch::Tensor src, torch::Tensor dst, torch::Tensor t, torch::Tensor msg,
          std::size_t num_nodes, std::size_t test_start);

  auto num_edges() const -> std::size_t { return static_cast<std::size_t>(src_.size(0)); }
  auto node_count() const -> std::size_t { return num_nodes_; }
  auto msg_dim() const -> std::size_t { return static_cast<std::size_t>(msg_.size(1)); }
  auto train_split() const -> Split { return {0, test_start_}; }
  auto test_split() const -> Split { return {test_start_, num_edges()}; }

  auto get_batch(std::size_t start, std::size_t size) const -> Batch;
  auto to(const torch::Device& device) -> void;

 private:
  torch::Tensor src_, dst_, t_, msg_;
  std::size_t num_nodes_;
  std::size_t test_start_;
};

auto make_store(std::size_t num_nodes, std::size_t num_edges, std::size_t msg_dim,
                std::size_t num_communities) -> std::shared_ptr<TGStore>;

class TGNImpl : public torch::nn::Module {
 public:
  TGNImpl(const TGNConfig& cfg, const std::shared_ptr<TGStore>& store);
  ~TGNImpl() override;

  auto forward(const torch::Tensor& src, const torch::Tensor& dst, const torch::Tensor& neg)
      -> std::vector<torch::Tensor>;
  auto update_state(const torch::Tensor& src, const torch::Tensor& dst,
                    const torch::Tensor& t, const torch::Tensor& msg) -> void;
  auto reset_state() -> void;
  auto detach_memory() -> void;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};
TORCH_MODULE(TGN);

}  // namespace tgn
