#include <torch/torch.h>

#include "tgn.h"

namespace tgn {

TGStore::TGStore(torch::Tensor src, torch::Tensor dst, torch::Tensor t, torch::Tensor msg,
                 std::size_t num_nodes, std::size_t test_start)
    : src_(std::move(src)), dst_(std::move(dst)), t_(std::move(t)), msg_(std::move(msg)),
      num_nodes_(num_nodes), test_start_(test_start) {}

auto TGStore::get_batch(std::size_t start, std::size_t size) const -> Batch {
  const auto s = static_cast<std::int64_t>(start);
  const auto e = std::min<std::int64_t>(s + static_cast<std::int64_t>(size), src_.size(0));
  Batch b;
  b.src = src_.slice(0, s, e);
  b.dst = dst_.slice(0, s, e);
  b.t = t_.slice(0, s, e);
  b.msg = msg_.slice(0, s, e);
  b.neg_dst = torch::randint(0, static_cast<std::int64_t>(num_nodes_), {e - s}, src_.options());
  return b;
}

auto TGStore::to(const torch::Device& device) -> void {
  src_ = src_.to(device);
  dst_ = dst_.to(device);
  t_ = t_.to(device);
  msg_ = msg_.to(device);
}

// Interactions inside communities, with messages that carry the community.
auto make_store(std::size_t num_nodes, std::size_t num_edges, std::size_t msg_dim,
                std::size_t num_communities) -> std::shared_ptr<TGStore> {
  const auto N = static_cast<std::int64_t>(num_nodes);
  const auto E = static_cast<std::int64_t>(num_edges);
  const auto C = static_cast<std::int64_t>(num_communities);
  auto community = torch::arange(N) % C;
  auto src = torch::randint(0, N, {E}, torch::kLong);
  auto same = torch::rand({E}) < 0.85;
  // a random member of the source's community: community + C * k
  auto in_comm = community.index_select(0, src) + C * torch::randint(0, N / C, {E}, torch::kLong);
  auto dst = torch::where(same, in_comm, torch::randint(0, N, {E}, torch::kLong));
  dst = torch::where(dst == src, (dst + C) % N, dst);
  auto t = torch::arange(E, torch::kLong) + 1;
  auto codes = torch::randn({C, static_cast<std::int64_t>(msg_dim)});
  auto msg = codes.index_select(0, community.index_select(0, dst)) +
             0.5 * torch::randn({E, static_cast<std::int64_t>(msg_dim)});
  const auto test_start = static_cast<std::size_t>(E * 5 / 6);
  return std::make_shared<TGStore>(src, dst, t, msg, num_nodes, test_start);
}

}  // namespace tgn
