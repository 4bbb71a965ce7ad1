// Top-k statistics written with accessors, on a classifier's outputs inside an autocast region.
#include <torch/torch.h>
#include <ampify/amp.h>

#include <vector>

std::vector<float> row_max(const torch::Tensor& logits) {
  auto a = logits.accessor<float, 2>(); // EXPECT: ampify-custom-kernel-dtype
  std::vector<float> out(a.size(0));
  for (int64_t i = 0; i < a.size(0); ++i) {
    float m = a[i][0];
    for (int64_t j = 1; j < a.size(1); ++j) m = std::max(m, a[i][j]);
    out[i] = m;
  }
  return out;
}

std::vector<float> row_max_fp32(const torch::Tensor& logits) {
  auto f = logits.to(torch::kFloat).contiguous();
  auto a = f.accessor<float, 2>();
  std::vector<float> out(a.size(0));
  for (int64_t i = 0; i < a.size(0); ++i) out[i] = a[i][0];
  return out;
}

int64_t count_label(const torch::Tensor& labels, int64_t label) {
  auto a = labels.accessor<int64_t, 1>();
  int64_t n = 0;
  for (int64_t i = 0; i < a.size(0); ++i) n += a[i] == label;
  return n;
}

void report(torch::nn::Linear& classifier, const torch::Tensor& x, const torch::Tensor& labels) {
  ampify::Autocast autocast(c10::kCPU);
  auto logits = classifier(x);
  auto m = row_max(logits);
  auto m32 = row_max_fp32(logits);
  auto n = count_label(labels, 3);
  (void)m;
  (void)m32;
  (void)n;
}
