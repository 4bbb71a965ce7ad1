#include "tgn.h"

#include <torch/torch.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <tuple>
#include <utility>
#include <vector>

#include "scatter_ops.h"

namespace tgn {
namespace detail {

struct TimeEncoderImpl : torch::nn::Module {
  explicit TimeEncoderImpl(std::size_t out_channels) {
    lin_ = register_module("lin_", torch::nn::Linear(1, out_channels));
  }

  auto forward(const torch::Tensor& t) -> torch::Tensor {
    return lin_->forward(t.view({-1, 1})).cos();
  }

 private:
  torch::nn::Linear lin_{nullptr};
};
TORCH_MODULE(TimeEncoder);

struct TransformerConvImpl : torch::nn::Module {
  TransformerConvImpl(std::size_t in_channels, std::size_t out_channels,
                      std::size_t edge_dim, std::size_t heads, float dropout = 0.0)
      : dropout_(dropout),
        out_channels_(static_cast<std::int64_t>(out_channels)),
        heads_(static_cast<std::int64_t>(heads)) {
    const auto in_dim = static_cast<std::int64_t>(in_channels);
    const auto out_dim = heads_ * out_channels_;
    w_kqv_ = register_module("w_qkv_", torch::nn::Linear(in_dim, 3 * out_dim));
    w_skip_ = register_module("w_skip_", torch::nn::Linear(in_dim, out_dim));
    w_e_ = register_module(
        "w_e_", torch::nn::Linear(torch::nn::LinearOptions(static_cast<std::int64_t>(edge_dim), out_dim)
                                      .bias(false)));
  }

  auto forward(const torch::Tensor& x, const torch::Tensor& edge_index,
               const torch::Tensor& edge_feat) -> torch::Tensor {
    if (edge_index.size(1) == 0) {
      return w_skip_->forward(x);
    }
    const auto B = x.size(0);
    const auto E = edge_index.size(1);
    const auto H = heads_;
    const auto C = out_channels_;
    const auto opts = edge_index.options();

    const auto qkv = w_kqv_->forward(x).view({B, 3, H, C});
    const auto q = qkv.select(1, 0);
    const auto k = qkv.select(1, 1);
    const auto v = qkv.select(1, 2);
    const auto e = w_e_->forward(edge_feat).view({E, H, C});

    const auto src = edge_index[0];
    const auto dst = edge_index[1];

    const auto k_src = k.index_select(0, src) + e;
    const auto q_dst = q.index_select(0, dst);
    auto alpha = (q_dst * k_src).sum(-1).div(std::sqrt(static_cast<double>(C)));
    alpha = alpha.view(-1);

    const auto H_offset = torch::arange(H, opts).expand({E, H}).reshape(-1);
    auto scatter_idx = (dst.unsqueeze(-1).expand({E, H}).reshape(-1) * H) + H_offset;
    alpha = scatter_softmax(alpha, scatter_idx, B * H);
    alpha = torch::dropout(alpha, dropout_, is_training());

    auto msgs = (v.index_select(0, src) + e) * alpha.view({E, H, 1});
    msgs = msgs.reshape(-1);
    const auto C_offset = torch::arange(C, opts).expand({E * H, C}).reshape(-1);
    scatter_idx = (scatter_idx.unsqueeze(-1).expand({E * H, C}).reshape(-1) * C) + C_offset;

    auto out = scatter_add(msgs, scatter_idx, B * H * C).view({B, H * C});
    return out + w_skip_->forward(x);
  }

 private:
  torch::nn::Linear w_kqv_{nullptr}, w_e_{nullptr}, w_skip_{nullptr};
  float dropout_{};
  std::int64_t out_channels_{};
  std::int64_t heads_{};
};
TORCH_MODULE(TransformerConv);

struct TGNMemoryImpl : torch::nn::Module {
  TGNMemoryImpl(const TGNConfig& cfg, const TimeEncoder& time_encoder,
                std::int64_t msg_dim, std::int64_t num_nodes)
      : time_encoder_(time_encoder) {
    const auto mem = static_cast<std::int64_t>(cfg.memory_dim);
    memory_ = register_buffer("memory_", torch::zeros({num_nodes, mem}));
    last_update_ = register_buffer("last_update_", torch::zeros({num_nodes}, torch::kLong));
    msg_dst_ = register_buffer("msg_dst_", torch::zeros({num_nodes}, torch::kLong));
    msg_t_ = register_buffer("msg_t_", torch::zeros({num_nodes}, torch::kLong));
    msg_raw_ = register_buffer("msg_raw_", torch::zeros({num_nodes, msg_dim}));

    // identity message: cat(mem[src], mem[dst], raw_msg, t_enc)
    const auto cell_dim = cfg.memory_dim + cfg.memory_dim + static_cast<std::size_t>(msg_dim) + cfg.time_dim;
    gru_ = register_module("gru_", torch::nn::GRUCell(cell_dim, cfg.memory_dim));
  }

  auto reset_state() -> void {
    memory_.zero_();
    last_update_.zero_();
    msg_dst_.zero_();
    msg_t_.zero_();
    msg_raw_.zero_();
  }

  auto detach() -> void { memory_.detach_(); }

  auto forward(const torch::Tensor& n_id) -> std::tuple<torch::Tensor, torch::Tensor> {
    if (is_training()) {
      return get_updated_memory(n_id);
    }
    return std::make_tuple(memory_.index_select(0, n_id), last_update_.index_select(0, n_id));
  }

  auto update_state(const torch::Tensor& src, const torch::Tensor& dst,
                    const torch::Tensor& t, const torch::Tensor& raw_msg) -> void {
    const auto n_id = std::get<0>(at::_unique(torch::cat({src, dst})));
    update_memory(n_id);
    // keep the latest message of every node, for both endpoints
    msg_dst_.index_put_({src}, dst);
    msg_t_.index_put_({src}, t);
    msg_raw_.index_put_({src}, raw_msg);
    msg_dst_.index_put_({dst}, src);
    msg_t_.index_put_({dst}, t);
    msg_raw_.index_put_({dst}, raw_msg);
  }

 private:
  auto update_memory(const torch::Tensor& n_id) -> void {
    auto [memory_nid, last_update_nid] = get_updated_memory(n_id);
    memory_.index_put_({n_id}, memory_nid);
    last_update_.index_put_({n_id}, last_update_nid);
  }

  auto get_updated_memory(const torch::Tensor& n_id) -> std::tuple<torch::Tensor, torch::Tensor> {
    const auto t = msg_t_.index_select(0, n_id);
    const auto active = t > 0;
    const auto partner = msg_dst_.index_select(0, n_id);
    const auto raw_msg = msg_raw_.index_select(0, n_id);

    const auto rel_t = t - last_update_.index_select(0, n_id);
    const auto rel_t_z = time_encoder_->forward(rel_t.to(raw_msg.dtype()));
    const auto mem_src = memory_.index_select(0, n_id);
    const auto mem_dst = memory_.index_select(0, partner);
    const auto msg = torch::cat({mem_src, mem_dst, raw_msg, rel_t_z}, 1);

    // last-message aggregation: nodes without a message get a zero message
    auto aggr = torch::zeros({n_id.size(0), msg.size(1)}, msg.options());
    aggr.index_put_({active}, msg.index({active}));

    auto updated_memory = gru_->forward(aggr, mem_src);
    auto updated_last_update = torch::where(active, t, last_update_.index_select(0, n_id));
    return {updated_memory, updated_last_update};
  }

  torch::Tensor memory_, last_update_, msg_dst_, msg_t_, msg_raw_;
  TimeEncoder time_encoder_{nullptr};
  torch::nn::GRUCell gru_{nullptr};
};
TORCH_MODULE(TGNMemory);

}  // namespace detail

struct TGNImpl::Impl {
  Impl(const TGNConfig& cfg, const std::shared_ptr<TGStore>& store) : cfg_(cfg), store_(store) {
    time_encoder_ = detail::TimeEncoder(cfg.time_dim);
    conv_ = detail::TransformerConv(cfg.memory_dim, cfg.embedding_dim / 2,
                                    store->msg_dim() + cfg.time_dim, cfg.num_heads, cfg.dropout);
    memory_ = detail::TGNMemory(cfg, time_encoder_, static_cast<std::int64_t>(store->msg_dim()),
                                static_cast<std::int64_t>(store->node_count()));
  }

  const TGNConfig cfg_;
  std::shared_ptr<TGStore> store_;
  detail::TimeEncoder time_encoder_{nullptr};
  detail::TransformerConv conv_{nullptr};
  detail::TGNMemory memory_{nullptr};
  // interactions of the last batch: the graph the next batch attends over
  torch::Tensor last_src_, last_dst_, last_t_, last_msg_;
  torch::Tensor assoc_;
};

TGNImpl::TGNImpl(const TGNConfig& cfg, const std::shared_ptr<TGStore>& store)
    : impl_(std::make_unique<Impl>(cfg, store)) {
  register_module("time_encoder", impl_->time_encoder_);
  register_module("memory", impl_->memory_);
  register_module("conv", impl_->conv_);
  impl_->assoc_ = register_buffer(
      "assoc", torch::full({static_cast<std::int64_t>(store->node_count())}, -1, torch::kLong));
}

TGNImpl::~TGNImpl() = default;

auto TGNImpl::detach_memory() -> void { impl_->memory_->detach(); }

auto TGNImpl::reset_state() -> void {
  impl_->memory_->reset_state();
  impl_->last_src_ = torch::Tensor();
}

auto TGNImpl::update_state(const torch::Tensor& src, const torch::Tensor& dst,
                           const torch::Tensor& t, const torch::Tensor& msg) -> void {
  impl_->memory_->update_state(src, dst, t, msg);
  impl_->last_src_ = src;
  impl_->last_dst_ = dst;
  impl_->last_t_ = t;
  impl_->last_msg_ = msg;
}

auto TGNImpl::forward(const torch::Tensor& src, const torch::Tensor& dst, const torch::Tensor& neg)
    -> std::vector<torch::Tensor> {
  const std::vector<torch::Tensor> input_list{src, dst, neg};
  auto query_ids = std::get<0>(at::_unique(torch::cat(input_list)));
  auto assoc = impl_->assoc_;

  torch::Tensor e_src, e_dst, e_t, e_msg;
  if (impl_->last_src_.defined()) {
    // both directions of the last batch's interactions, received by a queried node
    auto all_src = torch::cat({impl_->last_src_, impl_->last_dst_});
    auto all_dst = torch::cat({impl_->last_dst_, impl_->last_src_});
    auto keep = torch::isin(all_dst, query_ids);
    e_src = all_src.index({keep});
    e_dst = all_dst.index({keep});
    e_t = torch::cat({impl_->last_t_, impl_->last_t_}).index({keep});
    e_msg = torch::cat({impl_->last_msg_, impl_->last_msg_}).index({keep});
  } else {
    e_src = torch::empty({0}, src.options());
    e_dst = torch::empty({0}, src.options());
    e_t = torch::empty({0}, src.options());
    e_msg = torch::empty({0, static_cast<std::int64_t>(impl_->store_->msg_dim())},
                         assoc.options().dtype(torch::kFloat));
  }

  const auto n_id = std::get<0>(at::_unique(torch::cat({query_ids, e_src})));
  assoc.index_put_({n_id}, torch::arange(n_id.size(0), assoc.options()));
  const auto [x, last_update] = impl_->memory_->forward(n_id);

  const auto edge_index = torch::stack({assoc.index_select(0, e_src), assoc.index_select(0, e_dst)});
  const auto rel_t = last_update.index_select(0, edge_index[0]) - e_t;
  const auto rel_t_z = impl_->time_encoder_->forward(rel_t.to(e_msg.dtype()));
  const auto edge_feat = torch::cat({rel_t_z, e_msg}, -1);
  const auto z = impl_->conv_->forward(x, edge_index, edge_feat);

  std::vector<torch::Tensor> outputs;
  outputs.reserve(input_list.size());
  for (const auto& inp : input_list) {
    outputs.push_back(z.index_select(0, assoc.index_select(0, inp)));
  }
  return outputs;
}

}  // namespace tgn
