#include "PanTiltEnv.h"
#include <algorithm>
#include <cmath>

PanTiltEnv::PanTiltEnv(Utility::Config* config, unsigned int seed)
    : _config(config), _time(0.0), _steps(0), _eng(seed)
{
    reset();
}

void PanTiltEnv::_observe(int servo, double dt)
{
    Utility::SD& s = _states[servo];
    double err = (_target[servo] - s.currentAngle) / _config->actionHigh;
    for (int i = ERROR_LIST_SIZE - 1; i > 0; i--) {
        s.errors[i] = s.errors[i - 1];
        s.outputs[i] = s.outputs[i - 1];
    }
    s.errors[0] = err;
    s.outputs[0] = s.currentAngle / _config->actionHigh;
    s.obj = _target[servo];
    s.dt = dt;
    s.spf = dt;
}

void PanTiltEnv::reset()
{
    std::uniform_real_distribution<double> phase(0.0, 6.283185307179586);
    std::uniform_real_distribution<double> freq(0.2, 0.6);
    _time = 0.0;
    _steps = 0;
    for (int servo = 0; servo < NUM_SERVOS; servo++) {
        _states[servo] = Utility::SD();
        _phase[servo] = phase(_eng);
        _freq[servo] = freq(_eng);
        _target[servo] = 25.0 * std::sin(_phase[servo]);
        for (int i = 0; i < ERROR_LIST_SIZE; i++) {
            _observe(servo, 1.0 / 30.0);
        }
    }
}

void PanTiltEnv::step(const double actions[NUM_SERVOS][NUM_ACTIONS], Utility::TD results[NUM_SERVOS])
{
    std::uniform_real_distribution<double> jitter(-0.004, 0.004);
    double dt = 1.0 / 30.0 + jitter(_eng);
    _time += dt;
    _steps++;
    bool episodeOver = _steps >= _config->maxStepsPerEpisode;

    for (int servo = 0; servo < NUM_SERVOS; servo++) {
        results[servo] = Utility::TD();
        results[servo].currentState = _states[servo];
        for (int a = 0; a < NUM_ACTIONS; a++) {
            results[servo].actions[a] = actions[servo][a];
        }

        // First action is the angle, the second the predicted object location (USE_POT)
        double angle = std::clamp(actions[servo][0], -1.0, 1.0) * _config->actionHigh;
        _states[servo].lastAngle = _states[servo].currentAngle;
        _states[servo].currentAngle = angle;
        _target[servo] = 25.0 * std::sin(_phase[servo] + 6.283185307179586 * _freq[servo] * _time);
        _observe(servo, dt);

        double err = std::abs(_states[servo].errors[0]);
        double predErr = std::abs(actions[servo][1] - _target[servo] / _config->actionHigh);
        bool lost = err > 1.0;
        results[servo].nextState = _states[servo];
        results[servo].reward = -err - 0.25 * predErr + (err < 0.05 ? 0.5 : 0.0) - (lost ? 1.0 : 0.0);
        results[servo].errors[0] = err;
        results[servo].errors[1] = predErr;
        results[servo].done = lost || episodeOver;
        results[servo].empty = false;
    }

    if (episodeOver) {
        reset();
    }
}
