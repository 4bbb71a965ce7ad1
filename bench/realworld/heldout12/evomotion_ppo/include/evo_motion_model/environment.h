//
// Environments: a planar arm whose joints must reach target angles.
//

#ifndef EVO_MOTION_ENVIRONMENT_H
#define EVO_MOTION_ENVIRONMENT_H

#include <random>
#include <vector>

#include <torch/torch.h>

struct step {
    torch::Tensor state;
    float reward;
    bool done;
};

class Environment {
public:
    virtual ~Environment() = default;

    virtual step reset() = 0;
    virtual step do_step(const torch::Tensor &action) = 0;

    virtual std::vector<int64_t> get_state_space() = 0;
    virtual std::vector<int64_t> get_action_space() = 0;
};

class ArmReacher : public Environment {
public:
    static constexpr int64_t kNumJoints = 5;
    // angles, velocities, target angles, angle errors, effector xy, target xy, phase, bias
    static constexpr int64_t kObsDim = 4 * kNumJoints + 6;
    static constexpr int kEpisodeLength = 32;

    explicit ArmReacher(int seed);

    step reset() override;
    step do_step(const torch::Tensor &action) override;

    std::vector<int64_t> get_state_space() override;
    std::vector<int64_t> get_action_space() override;

    float mean_abs_error() const;

private:
    std::mt19937 rng;
    std::vector<float> angles, velocities, targets;
    int curr_step;

    torch::Tensor observe() const;
};

#endif // EVO_MOTION_ENVIRONMENT_H
