#pragma once
#include <torch/torch.h>

#include <cstdint>
#include <random>
#include <vector>

// A torque-limited pendulum (angle 0 hanging down, pi upright); the torque
// cannot hold it horizontal, so it has to be swung up.
class Env
{
public:
    explicit Env(std::uint64_t seed);

    void reset();
    void get_state(std::vector<float>& state) const;   // sin, cos, speed / 8, torque, time / max_time
    void take_action(const std::vector<double>& action);
    void set_epoch_time() { epoch_start_time = time; }

    // Random observations and the torques of an energy-pumping controller for them.
    torch::Tensor random_states(int n);
    torch::Tensor expert_action(const torch::Tensor& states) const;

    double time = 0.0;
    double epoch_start_time = 0.0;
    double max_time = 5.0;

private:
    double theta = 0.0;
    double speed = 0.0;
    double torque = 0.0;
    std::mt19937 rng;
};
