#pragma once

#include <vector>

void diffusion_step(const std::vector<double>& T, std::vector<double>& T_next, int nx, int ny, double alpha);
