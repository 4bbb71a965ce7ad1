#include "env.h"

#include <algorithm>
#include <cmath>

namespace {
constexpr double kGravity = 9.81;
constexpr double kMaxTorque = 4.0;
constexpr double kDt = 0.05;
constexpr double kPi = 3.14159265358979;
}  // namespace

Env::Env(std::uint64_t seed) : rng(static_cast<std::mt19937::result_type>(seed)) { reset(); }

void Env::reset()
{
    std::uniform_real_distribution<double> u(-0.3, 0.3);
    theta = u(rng);
    speed = u(rng);
    torque = 0.0;
    time = 0.0;
    epoch_start_time = 0.0;
}

void Env::get_state(std::vector<float>& state) const
{
    state = { static_cast<float>(std::sin(theta)), static_cast<float>(std::cos(theta)),
              static_cast<float>(speed / 8.0), static_cast<float>(torque),
              static_cast<float>((time - epoch_start_time) / max_time) };
}

void Env::take_action(const std::vector<double>& action)
{
    torque = std::max(-1.0, std::min(1.0, action[0]));
    const double acc = -kGravity * std::sin(theta) + kMaxTorque * torque - 0.1 * speed;
    speed = std::max(-8.0, std::min(8.0, speed + kDt * acc));
    theta += kDt * speed;
    theta = std::remainder(theta, 2 * kPi);
    time += kDt;
}

torch::Tensor Env::random_states(int n)
{
    std::uniform_real_distribution<double> ang(-kPi, kPi), spd(-6.0, 6.0), t01(0.0, 1.0);
    std::vector<float> rows;
    for (int i = 0; i < n; ++i) {
        const double a = ang(rng), s = spd(rng);
        rows.insert(rows.end(), { static_cast<float>(std::sin(a)), static_cast<float>(std::cos(a)),
                                  static_cast<float>(s / 8.0), 0.0f, static_cast<float>(t01(rng)) });
    }
    return torch::tensor(rows).view({ n, 5 });
}

torch::Tensor Env::expert_action(const torch::Tensor& states) const
{
    auto sin_t = states.select(1, 0);
    auto cos_t = states.select(1, 1);
    auto speed_t = states.select(1, 2) * 8.0;
    auto angle = torch::atan2(sin_t, cos_t);                       // 0 down, +-pi up
    auto energy = 0.5 * speed_t * speed_t - kGravity * cos_t;       // upright at rest: +g
    auto pump = torch::clamp(0.4 * (kGravity - energy), -1.0, 1.0) * torch::sign(speed_t + 1e-3);
    auto error = torch::where(angle > 0, angle - kPi, angle + kPi);  // distance from upright
    auto hold = torch::clamp(-(2.0 * error + 0.6 * speed_t) / kMaxTorque * kGravity / 4.0, -1.0, 1.0);
    auto near_top = cos_t < -0.85;
    return torch::where(near_top, hold, pump).unsqueeze(1);
}
