//
// A planar arm of kNumJoints joints: each action sets the joints' angular velocities.
//

#include <cmath>

#include <evo_motion_model/environment.h>

ArmReacher::ArmReacher(const int seed)
    : rng(seed), angles(kNumJoints, 0.f), velocities(kNumJoints, 0.f),
      targets(kNumJoints, 0.f), curr_step(0) {}

step ArmReacher::reset() {
    std::uniform_real_distribution<float> dist(-1.f, 1.f);
    for (int j = 0; j < kNumJoints; j++) {
        angles[j] = dist(rng);
        targets[j] = dist(rng);
        velocities[j] = 0.f;
    }
    curr_step = 0;
    return {observe(), 0.f, false};
}

step ArmReacher::do_step(const torch::Tensor &action) {
    auto a = action.to(torch::kFloat).contiguous();
    const float *a_ptr = a.data_ptr<float>();
    const float previous_error = mean_abs_error();
    for (int j = 0; j < kNumJoints; j++) {
        velocities[j] = 0.2f * std::max(-1.f, std::min(1.f, a_ptr[j]));
        angles[j] = std::max(-1.5f, std::min(1.5f, angles[j] + velocities[j]));
    }
    curr_step++;
    // reward: how much closer the joints came to their targets
    const float reward = 10.f * (previous_error - mean_abs_error());
    return {observe(), reward, curr_step >= kEpisodeLength};
}

float ArmReacher::mean_abs_error() const {
    float err = 0.f;
    for (int j = 0; j < kNumJoints; j++) err += std::abs(targets[j] - angles[j]);
    return err / static_cast<float>(kNumJoints);
}

torch::Tensor ArmReacher::observe() const {
    std::vector<float> obs;
    obs.reserve(kObsDim);
    for (int j = 0; j < kNumJoints; j++) obs.push_back(angles[j]);
    for (int j = 0; j < kNumJoints; j++) obs.push_back(velocities[j]);
    for (int j = 0; j < kNumJoints; j++) obs.push_back(targets[j]);
    for (int j = 0; j < kNumJoints; j++) obs.push_back(targets[j] - angles[j]);

    float x = 0.f, y = 0.f, tx = 0.f, ty = 0.f, cum = 0.f, tcum = 0.f;
    for (int j = 0; j < kNumJoints; j++) {
        cum += angles[j];
        tcum += targets[j];
        x += std::cos(cum) / kNumJoints;
        y += std::sin(cum) / kNumJoints;
        tx += std::cos(tcum) / kNumJoints;
        ty += std::sin(tcum) / kNumJoints;
    }
    obs.push_back(x);
    obs.push_back(y);
    obs.push_back(tx);
    obs.push_back(ty);
    obs.push_back(static_cast<float>(curr_step) / kEpisodeLength);
    obs.push_back(1.f);
    return torch::tensor(obs);
}

std::vector<int64_t> ArmReacher::get_state_space() { return {kObsDim}; }

std::vector<int64_t> ArmReacher::get_action_space() { return {kNumJoints}; }
