#include "frames.h"

#include <algorithm>

namespace {
constexpr int64_t kTemplateFrames = 24;
}

KeywordSynth::KeywordSynth(int64_t n_mels, int64_t max_frames, int64_t num_keywords)
    : n_mels_(n_mels), max_frames_(max_frames), num_keywords_(num_keywords) {
  // Each keyword: a few formant-like bands that move over its duration.
  templates_ = torch::zeros({num_keywords, n_mels, kTemplateFrames});
  auto mel = torch::arange(n_mels, torch::kFloat).unsqueeze(1);
  auto t = torch::arange(kTemplateFrames, torch::kFloat).unsqueeze(0) / kTemplateFrames;
  for (int64_t k = 0; k < num_keywords; ++k) {
    auto start = torch::rand({3}) * (n_mels - 1);
    auto slope = (torch::rand({3}) - 0.5) * 16;
    for (int64_t f = 0; f < 3; ++f) {
      auto centre = start[f] + slope[f] * t;
      templates_[k] += torch::exp(-(mel - centre).pow(2) / 6.0);
    }
  }
}

std::vector<Utterance> KeywordSynth::make(int64_t count) {
  std::vector<Utterance> out;
  out.reserve(count);
  for (int64_t i = 0; i < count; ++i) {
    Utterance u;
    u.label = torch::randint(num_keywords_, {1}, torch::kLong).item<int64_t>();
    u.length = torch::randint(max_frames_ / 2, max_frames_ + 1, {1}, torch::kLong).item<int64_t>();
    auto frames = 0.3 * torch::randn({n_mels_, u.length});
    int64_t offset = torch::randint(0, u.length - kTemplateFrames + 1, {1}, torch::kLong)
                         .item<int64_t>();
    frames.narrow(1, offset, kTemplateFrames) += templates_[u.label];
    u.feats = torch::zeros({n_mels_, max_frames_});
    u.feats.narrow(1, 0, u.length).copy_(frames);
    out.push_back(u);
  }
  return out;
}

Batch collate(const std::vector<Utterance>& data, size_t start, size_t count,
              torch::Device device) {
  std::vector<torch::Tensor> feats;
  std::vector<int64_t> labels, lengths;
  const size_t end = std::min(data.size(), start + count);
  for (size_t i = start; i < end; ++i) {
    feats.push_back(data[i].feats);
    labels.push_back(data[i].label);
    lengths.push_back(data[i].length);
  }
  Batch b;
  b.feats = torch::stack(feats).to(device);
  b.labels = torch::tensor(labels, torch::kLong).to(device);
  b.lengths = torch::tensor(lengths, torch::kLong).to(device);
  return b;
}
