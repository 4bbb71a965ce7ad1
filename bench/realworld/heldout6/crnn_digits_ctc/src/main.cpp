// Reads strips of 3 to 5 printed digits with a CRNN trained by CTC.
#include <torch/torch.h>

#include <array>
#include <iostream>
#include <random>
#include <string>

#include "crnn.h"
#include "crnn_config.h"
#include "trainer.h"

namespace {

// 5 x 7 bitmap font of the ten digits.
const std::array<std::array<const char*, 7>, 10> kGlyphs = {{
    {" ### ", "#   #", "#  ##", "# # #", "##  #", "#   #", " ### "},
    {"  #  ", " ##  ", "  #  ", "  #  ", "  #  ", "  #  ", " ### "},
    {" ### ", "#   #", "    #", "   # ", "  #  ", " #   ", "#####"},
    {"#####", "   # ", "  #  ", "   # ", "    #", "#   #", " ### "},
    {"   # ", "  ## ", " # # ", "#  # ", "#####", "   # ", "   # "},
    {"#####", "#    ", "#### ", "    #", "    #", "#   #", " ### "},
    {"  ## ", " #   ", "#    ", "#### ", "#   #", "#   #", " ### "},
    {"#####", "    #", "   # ", "  #  ", " #   ", " #   ", " #   "},
    {" ### ", "#   #", "#   #", " ### ", "#   #", "#   #", " ### "},
    {" ### ", "#   #", "#   #", " ####", "    #", "   # ", " ##  "},
}};
constexpr int64_t kScale = 2;
constexpr int64_t kMaxDigits = 5;

DigitStrips make_strips(int64_t n, const CrnnConfig& cfg, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int64_t> digit(0, 9), length(3, kMaxDigits), gap(1, 3), dy(0, 2);
  std::uniform_real_distribution<float> ink(0.75f, 1.0f);

  DigitStrips data;
  data.images = 0.08 * torch::randn({n, 1, cfg.image_height, cfg.image_width});
  data.labels = torch::zeros({n, kMaxDigits}, torch::kLong);
  data.lengths = torch::zeros({n}, torch::kLong);
  data.presence = torch::zeros({n, cfg.num_digits});
  auto img = data.images.accessor<float, 4>();

  for (int64_t i = 0; i < n; ++i) {
    const int64_t len = length(rng);
    std::vector<int64_t> digits(len), gaps(len);
    int64_t width = 0;
    for (int64_t k = 0; k < len; ++k) {
      digits[k] = digit(rng);
      gaps[k] = gap(rng);
      width += 5 * kScale + (k + 1 < len ? gaps[k] : 0);
    }
    std::uniform_int_distribution<int64_t> start(0, cfg.image_width - width);
    int64_t x0 = start(rng);
    const int64_t y0 = dy(rng);
    const float level = ink(rng);
    for (int64_t k = 0; k < len; ++k) {
      const auto& glyph = kGlyphs[digits[k]];
      for (int64_t r = 0; r < 7; ++r) {
        for (int64_t c = 0; c < 5; ++c) {
          if (glyph[r][c] != '#') continue;
          for (int64_t sy = 0; sy < kScale; ++sy) {
            for (int64_t sx = 0; sx < kScale; ++sx) {
              img[i][0][y0 + r * kScale + sy][x0 + c * kScale + sx] += level;
            }
          }
        }
      }
      x0 += 5 * kScale + gaps[k];
      data.labels[i][k] = digits[k] + 1;
      data.presence[i][digits[k]] = 1.0;
    }
    data.lengths[i] = len;
  }
  return data;
}

}  // namespace

int main() {
  torch::manual_seed(5);
  CrnnConfig cfg;
  const DigitStrips train = make_strips(960, cfg, 21);
  const DigitStrips test = make_strips(256, cfg, 22);

  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  Crnn model(cfg);
  const TrainOptions opts{/*micro_batch=*/32, /*accumulation=*/2, /*epochs=*/10, /*lr=*/2e-3};

  const float loss = train_crnn(model, train, opts, device);
  const auto [sequence_accuracy, cer] = evaluate_crnn(model, test, device);
  std::cout << "final loss: " << loss << "\n";
  std::cout << "test sequence accuracy: " << sequence_accuracy << "  character error rate: " << cer
            << "\n";
  return 0;
}
