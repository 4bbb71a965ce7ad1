#ifndef BALL_SIM_HPP
#define BALL_SIM_HPP

#include <vector>

// A ball thrown from the origin with (angle, speed) given by a phenotype in
// [0, 1]^2, bouncing on the floor; returns length (x, y) samples, flattened.
std::vector<float> simulate_ball(float gene_angle, float gene_speed, int length);

#endif
