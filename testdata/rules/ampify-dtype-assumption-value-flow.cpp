// AMPIFY: check --checks=-*,ampify-dtype-assumption,ampify-custom-kernel-dtype
// The precision flow follows tensors through the values real models pass them in: pairs and
// tuples (structured bindings, .first/.second, std::get, std::tie), structs, vectors and
// TensorLists, optionals, member variables written in one method and read in another, and lambda
// captures. Each case is a multi-output forward() under autocast whose fp16 output reaches a
// float32 assumption.
#include <torch/torch.h>
#include <ampify/amp.h>

#include <optional>
#include <tuple>
#include <utility>
#include <vector>

struct TinyLM {
  torch::nn::Linear head{nullptr}, aux_head{nullptr};
  std::pair<torch::Tensor, torch::Tensor> forward(torch::Tensor x) {
    auto logits = head(x);
    auto aux = aux_head(x);
    return {logits, aux};
  }
};

void structured_binding(TinyLM &model, torch::Tensor x) {
  ampify::Autocast autocast;
  auto [logits, aux] = model.forward(x);
  TORCH_CHECK(logits.scalar_type() == torch::kFloat32, "logits must be float");
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: this dtype check expects float32, but the tensor is fp16 here [ampify-dtype-assumption]
  float *raw = aux.data_ptr<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: `data_ptr<float>` on a tensor that is fp16 here raises at run time
}

void first_and_second(TinyLM &model, torch::Tensor x) {
  ampify::Autocast autocast;
  std::pair<torch::Tensor, torch::Tensor> out = model.forward(x);
  bool is_float = out.first.dtype() == torch::kFloat;
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: this dtype check expects float32, but the tensor is fp16 here [ampify-dtype-assumption]
  float *raw = out.second.data_ptr<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: `data_ptr<float>` on a tensor that is fp16 here raises at run time
}

std::tuple<torch::Tensor, torch::Tensor, int64_t> detect(torch::nn::Linear cls, torch::nn::Linear box, torch::Tensor f) {
  return std::make_tuple(cls(f), box(f), f.size(0));
}

void tuples(torch::nn::Linear cls, torch::nn::Linear box, torch::Tensor f) {
  ampify::Autocast autocast;
  auto result = detect(cls, box, f);
  float *scores = std::get<0>(result).data_ptr<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: `data_ptr<float>` on a tensor that is fp16 here raises at run time
  torch::Tensor boxes, unused;
  int64_t n = 0;
  std::tie(unused, boxes, n) = detect(cls, box, f);
  float *raw = boxes.data_ptr<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: `data_ptr<float>` on a tensor that is fp16 here raises at run time
}

struct Output {
  torch::Tensor logits;
  torch::Tensor cache;
};

Output decode(torch::nn::Linear proj, torch::Tensor h) {
  return Output{proj(h), h * 2};
}

void struct_fields(torch::nn::Linear proj, torch::Tensor h) {
  ampify::Autocast autocast;
  Output out = decode(proj, h);
  TORCH_CHECK(out.logits.scalar_type() == at::kFloat);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: this dtype check expects float32, but the tensor is fp16 here [ampify-dtype-assumption]
  Output copy;
  copy.cache = proj(h);
  float *raw = copy.cache.data_ptr<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: `data_ptr<float>` on a tensor that is fp16 here raises at run time
}

torch::Tensor first_of(torch::TensorList parts) { return parts[0]; }

void vectors(torch::nn::Linear fc, torch::Tensor x) {
  ampify::Autocast autocast;
  std::vector<torch::Tensor> outs;
  for (int i = 0; i < 3; ++i)
    outs.push_back(fc(x));
  float *raw = outs[0].data_ptr<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: `data_ptr<float>` on a tensor that is fp16 here raises at run time
  for (const auto &o : outs)
    TORCH_CHECK(o.scalar_type() == torch::kFloat);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: this dtype check expects float32, but the tensor is fp16 here [ampify-dtype-assumption]
  float *first = first_of(outs).data_ptr<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: `data_ptr<float>` on a tensor that is fp16 here raises at run time
}

void optionals(torch::nn::Linear fc, torch::Tensor x) {
  ampify::Autocast autocast;
  c10::optional<torch::Tensor> maybe = fc(x);
  float *raw = maybe.value().data_ptr<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: `data_ptr<float>` on a tensor that is fp16 here raises at run time
}

struct Attention {
  torch::nn::Linear qkv{nullptr};
  torch::Tensor last_scores_;
  torch::Tensor forward(torch::Tensor x) {
    last_scores_ = qkv(x);
    return x;
  }
  float *scores_for_logging() { return last_scores_.data_ptr<float>(); }
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: `data_ptr<float>` on a tensor that is fp16 here raises at run time
};

torch::Tensor attend(Attention &attention, torch::Tensor x) {
  ampify::Autocast autocast;
  return attention.forward(x);
}

void lambda_captures(torch::nn::Linear fc, torch::Tensor x) {
  ampify::Autocast autocast;
  auto h = fc(x);
  auto check_by_reference = [&] { TORCH_CHECK(h.scalar_type() == torch::kFloat); };
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: this dtype check expects float32, but the tensor is fp16 here [ampify-dtype-assumption]
  check_by_reference();
  auto read_by_copy = [h] { return h.data_ptr<float>(); };
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: `data_ptr<float>` on a tensor that is fp16 here raises at run time
  read_by_copy();
}

// Negative cases: the same shapes outside autocast, and fp32 parts.
void outside_autocast(TinyLM &model, torch::Tensor x) {
  auto [logits, aux] = model.forward(x);
  TORCH_CHECK(logits.scalar_type() == torch::kFloat32);
  float *raw = aux.data_ptr<float>();
}

void fp32_parts(torch::nn::Linear fc, torch::nn::LayerNorm norm, torch::Tensor x) {
  ampify::Autocast autocast;
  auto pair = std::make_pair(fc(x), norm(x));
  float *normed = pair.second.data_ptr<float>(); // layer_norm runs in fp32
  std::vector<torch::Tensor> mixed{norm(x), fc(x)};
  float *unknown = mixed[0].data_ptr<float>(); // elements of different precisions: not known
}
