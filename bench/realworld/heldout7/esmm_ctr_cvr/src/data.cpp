#include "data.h"

#include <cmath>
#include <vector>

#include "field_spec.h"

ImpressionLog make_impressions(int64_t count, std::mt19937 &rng) {
  // Ground-truth click and conversion effects per field value, fixed for the run.
  static std::vector<torch::Tensor> click_w, conv_w;
  static torch::Tensor user_vec, item_vec;
  if (click_w.empty()) {
    auto gen = torch::make_generator<at::CPUGeneratorImpl>(77);
    for (int64_t f = 0; f < kNumFields; ++f) {
      click_w.push_back(torch::randn({kFieldCardinality[f]}, gen) * 0.6);
      conv_w.push_back(torch::randn({kFieldCardinality[f]}, gen) * 0.6);
    }
    user_vec = torch::randn({kFieldCardinality[0], 4}, gen) * 0.5;
    item_vec = torch::randn({kFieldCardinality[1], 4}, gen) * 0.5;
  }

  ImpressionLog log;
  log.fields = torch::empty({count, kNumFields}, torch::kLong);
  for (int64_t f = 0; f < kNumFields; ++f) {
    std::uniform_int_distribution<int64_t> dist(0, kFieldCardinality[f] - 1);
    auto col = log.fields.select(1, f);
    for (int64_t n = 0; n < count; ++n) col[n] = dist(rng);
  }
  auto click_logit = torch::full({count}, -1.2);
  auto conv_logit = torch::full({count}, -0.8);
  for (int64_t f = 0; f < kNumFields; ++f) {
    click_logit += click_w[f].index_select(0, log.fields.select(1, f));
    conv_logit += conv_w[f].index_select(0, log.fields.select(1, f));
  }
  auto affinity = (user_vec.index_select(0, log.fields.select(1, 0)) *
                   item_vec.index_select(0, log.fields.select(1, 1))).sum(1);
  click_logit += 2.0 * affinity;
  conv_logit += 1.5 * affinity;

  std::uniform_real_distribution<double> u(0.0, 1.0);
  auto p_click = torch::sigmoid(click_logit);
  auto p_conv = torch::sigmoid(conv_logit);
  log.click = torch::zeros({count});
  log.conversion = torch::zeros({count});
  auto pc = p_click.accessor<float, 1>();
  auto pv = p_conv.accessor<float, 1>();
  auto ca = log.click.accessor<float, 1>();
  auto va = log.conversion.accessor<float, 1>();
  for (int64_t n = 0; n < count; ++n) {
    ca[n] = u(rng) < pc[n] ? 1.0f : 0.0f;
    va[n] = (ca[n] > 0.5f && u(rng) < pv[n]) ? 1.0f : 0.0f;
  }
  return log;
}
