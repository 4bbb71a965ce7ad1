#include "world.h"

#include <algorithm>
#include <cmath>

#include "shared_data.h"

namespace {
constexpr double kPi = 3.14159265358979;
constexpr double kSensorRange = 0.35;
}  // namespace

World::World(int nb_objects, unsigned seed) : rng_(seed) {
  std::uniform_real_distribution<double> u(0.1, 0.9);
  for (int i = 0; i < nb_objects; ++i) {
    objects_.emplace_back(u(rng_), u(rng_));
    object_types_.push_back(i % 2);
  }
}

std::vector<double> World::sense(const RobotPose& pose) const {
  std::vector<double> inputs;
  const int n = WMEESharedData::kNbSensors;
  std::vector<double> types(n, -1.0);
  for (int k = 0; k < n; ++k) {
    const double a = pose.heading + 2.0 * kPi * k / n;
    const double dx = std::cos(a), dy = std::sin(a);
    // distance to the walls of the unit square along the ray
    double d = kSensorRange;
    if (dx > 1e-9) d = std::min(d, (1.0 - pose.x) / dx);
    if (dx < -1e-9) d = std::min(d, -pose.x / dx);
    if (dy > 1e-9) d = std::min(d, (1.0 - pose.y) / dy);
    if (dy < -1e-9) d = std::min(d, -pose.y / dy);
    // items within 0.05 of the ray
    for (size_t o = 0; o < objects_.size(); ++o) {
      const double ox = objects_[o].first - pose.x, oy = objects_[o].second - pose.y;
      const double along = ox * dx + oy * dy;
      const double across = std::abs(-ox * dy + oy * dx);
      if (along > 0 && along < d && across < 0.05) {
        d = along;
        types[k] = object_types_[o] == 0 ? 0.0 : 1.0;
      }
    }
    inputs.push_back(2.0 * d / kSensorRange - 1.0);
  }
  inputs.insert(inputs.end(), types.begin(), types.end());
  inputs.push_back(std::sin(4 * kPi * pose.x) * std::cos(4 * kPi * pose.y));  // floor sensor
  inputs.push_back(2.0 * std::fmod(iterations_ / 500.0, 1.0) - 1.0);           // energy level
  return inputs;
}

void World::move(RobotPose& pose, double translation, double rotation) {
  pose.heading += rotation;
  pose.x = std::clamp(pose.x + translation * std::cos(pose.heading), 0.02, 0.98);
  pose.y = std::clamp(pose.y + translation * std::sin(pose.heading), 0.02, 0.98);
}
