#ifndef SYNTHETIC_DATASET_H
#define SYNTHETIC_DATASET_H

#include <cstdint>
#include <vector>

constexpr int kNumShapes = 5;     // sphere, cube, cylinder, cone, torus
constexpr int POINT_COUNT = 128;

// Fills flat point buffers [count, POINT_COUNT, 3] and labels [count].
void make_shape_clouds(int count, std::vector<float>& data, std::vector<int64_t>& labels);

#endif
