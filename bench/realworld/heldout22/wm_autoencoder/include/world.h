#pragma once

#include <random>
#include <vector>

// A tiny arena with walls and two types of foraging items, seen through a ring
// of distance sensors (roborobo's camera sensors, simplified).
struct RobotPose {
  double x, y, heading;
};

class World {
 public:
  World(int nb_objects, unsigned seed);
  std::vector<double> sense(const RobotPose& pose) const;  // values in [-1, 1]
  void move(RobotPose& pose, double translation, double rotation);
  int getIterations() const { return iterations_; }
  void tick() { ++iterations_; }

 private:
  std::vector<std::pair<double, double>> objects_;
  std::vector<int> object_types_;
  std::mt19937 rng_;
  int iterations_ = 0;
};
