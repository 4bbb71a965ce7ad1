#pragma once
#include <random>
#include "config.h"

// A simulated pan/tilt camera rig: each servo points the camera at an angle, a target moves
// along a smooth path, and the error is the target's offset from the frame centre.
class PanTiltEnv
{
private:
    Utility::Config* _config;
    Utility::SD _states[NUM_SERVOS];
    double _target[NUM_SERVOS];
    double _phase[NUM_SERVOS];
    double _freq[NUM_SERVOS];
    double _time;
    int _steps;
    std::mt19937 _eng;

    void _observe(int servo, double dt);

public:
    PanTiltEnv(Utility::Config* config, unsigned int seed = 11);

    void reset();
    Utility::SD state(int servo) const { return _states[servo]; }
    // actions in [-1, 1] per servo; returns one transition per servo
    void step(const double actions[NUM_SERVOS][NUM_ACTIONS], Utility::TD results[NUM_SERVOS]);
};
