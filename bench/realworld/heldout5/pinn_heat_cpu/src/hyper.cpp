#include "hyper.h"

const int64_t Hyper::width = 20;
const int64_t Hyper::depth = 4;
const int64_t Hyper::num_freqs = 10;
const double Hyper::diffusivity = 0.1;
const int64_t Hyper::interior_points = 1000;
const int64_t Hyper::boundary_points = 100;
const int64_t Hyper::initial_points = 100;
const int64_t Hyper::adam_iterations = 300;
const double Hyper::adam_lr = 3e-3;
const double Hyper::boundary_weight = 10.0;
const int64_t Hyper::test_grid = 50;
