#include "speech_data.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "kws_config.h"

namespace {

struct Formant {
  double start;
  double end;
};

// Three formant trajectories (in mel bins) per keyword, fixed for the whole run.
std::vector<std::vector<Formant>> keyword_templates() {
  std::mt19937 rng(42);
  std::uniform_real_distribution<double> bin(4.0, kNumMels - 5.0);
  std::vector<std::vector<Formant>> templates(kNumKeywords);
  for (auto &t : templates) {
    for (int f = 0; f < 3; ++f) t.push_back({bin(rng), bin(rng)});
  }
  return templates;
}

}  // namespace

KeywordSet make_keyword_set(int64_t count, std::mt19937 &rng) {
  static const auto templates = keyword_templates();
  std::uniform_int_distribution<int64_t> label_dist(0, kNumKeywords - 1);
  std::uniform_int_distribution<int64_t> len_dist(40, kMaxFrames);
  std::uniform_real_distribution<double> shift_dist(-2.0, 2.0);
  std::normal_distribution<double> noise(0.0, 1.0);

  KeywordSet set;
  set.feats = torch::zeros({count, kNumMels, kMaxFrames});
  set.pad_mask = torch::ones({count, kMaxFrames}, torch::kBool);
  set.labels = torch::empty({count}, torch::kLong);

  for (int64_t n = 0; n < count; ++n) {
    const int64_t label = label_dist(rng);
    const int64_t frames = len_dist(rng);
    const double shift = shift_dist(rng);
    const int64_t lead = frames / 8;
    const int64_t voiced = frames - 2 * lead;

    auto power = torch::empty({kNumMels, frames});
    auto pa = power.accessor<float, 2>();
    for (int64_t t = 0; t < frames; ++t) {
      const double u = std::clamp(static_cast<double>(t - lead) / voiced, 0.0, 1.0);
      const bool speaking = t >= lead && t < lead + voiced;
      for (int64_t m = 0; m < kNumMels; ++m) {
        double p = 0.05 * std::exp(0.5 * noise(rng));
        if (speaking) {
          for (const auto &f : templates[label]) {
            const double centre = f.start + (f.end - f.start) * u + shift;
            p += std::exp(-(m - centre) * (m - centre) / (2.0 * 1.5 * 1.5));
          }
        }
        pa[m][t] = static_cast<float>(p);
      }
    }
    auto logmel = torch::log(power + 1e-6);
    logmel = (logmel - logmel.mean()) / (logmel.std() + 1e-5);
    set.feats[n].narrow(1, 0, frames).copy_(logmel);
    set.pad_mask[n].narrow(0, 0, frames).fill_(false);
    set.labels[n] = label;
  }
  return set;
}
