// Detects one coloured shape per synthetic 64 x 64 image with a YOLOv4-tiny-style network.
#include <torch/torch.h>

#include <cmath>
#include <iostream>
#include <random>

#include "detector.h"

namespace {

constexpr int64_t kImageSize = 64;
constexpr int64_t kGrid = kImageSize / 8;
constexpr int64_t kNumShapes = 4;   // filled square, hollow square, disc, cross
constexpr int64_t kNumColours = 3;  // red, green, blue
constexpr int64_t kNumClasses = kNumShapes * kNumColours;

bool inside_shape(int64_t shape, double dx, double dy, double half) {
  const double ax = std::abs(dx), ay = std::abs(dy);
  switch (shape) {
    case 0: return ax <= half && ay <= half;
    case 1: return ax <= half && ay <= half && (ax >= half - 3 || ay >= half - 3);
    case 2: return dx * dx + dy * dy <= half * half;
    default: return (ax <= half && ay <= 2.5) || (ay <= half && ax <= 2.5);
  }
}

DetectionSet make_shapes(int64_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int64_t> shape_dist(0, kNumShapes - 1);
  std::uniform_int_distribution<int64_t> colour_dist(0, kNumColours - 1);
  std::uniform_real_distribution<double> size_dist(12.0, 28.0);
  std::uniform_real_distribution<double> unit(0.0, 1.0);

  auto images = 0.35 + 0.1 * torch::rand({n, 3, kImageSize, kImageSize});
  auto obj = torch::zeros({n, kGrid, kGrid});
  auto cell = torch::zeros({n}, torch::kLong);
  auto box = torch::zeros({n, 4});
  auto cls = torch::zeros({n}, torch::kLong);
  auto img = images.accessor<float, 4>();

  for (int64_t i = 0; i < n; ++i) {
    const int64_t shape = shape_dist(rng), colour = colour_dist(rng);
    const double side = size_dist(rng), half = side / 2;
    const double cx = half + unit(rng) * (kImageSize - side);
    const double cy = half + unit(rng) * (kImageSize - side);
    for (int64_t y = 0; y < kImageSize; ++y) {
      for (int64_t x = 0; x < kImageSize; ++x) {
        if (!inside_shape(shape, x + 0.5 - cx, y + 0.5 - cy, half)) continue;
        for (int64_t c = 0; c < 3; ++c) img[i][c][y][x] = (c == colour) ? 0.95f : 0.1f;
      }
    }
    const int64_t col = static_cast<int64_t>(cx / kImageSize * kGrid);
    const int64_t row = static_cast<int64_t>(cy / kImageSize * kGrid);
    obj[i][row][col] = 1.0;
    cell[i] = row * kGrid + col;
    box[i][0] = cx / kImageSize;
    box[i][1] = cy / kImageSize;
    box[i][2] = side / kImageSize;
    box[i][3] = side / kImageSize;
    cls[i] = shape * kNumColours + colour;
  }
  return {images, {obj, cell, box, cls}};
}

}  // namespace

int main() {
  torch::manual_seed(3);
  const DetectionSet train = make_shapes(640, 11);
  const DetectionSet test = make_shapes(160, 12);

  const int gpu_id = torch::cuda::is_available() ? 0 : -1;
  Detector detector;
  detector.Initialize(gpu_id, kNumClasses, kImageSize);

  const float loss = detector.Train(train, /*num_epochs=*/6, /*batch_size=*/16,
                                    /*learning_rate=*/2e-3);
  const DetectionMetrics metrics = detector.Evaluate(test);
  std::cout << "final loss: " << loss << "\n";
  std::cout << "test detection accuracy: " << metrics.accuracy
            << "  mean IoU at the object's cell: " << metrics.mean_iou << "\n";
  return 0;
}
