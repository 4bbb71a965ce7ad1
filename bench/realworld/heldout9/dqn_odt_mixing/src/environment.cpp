/**
 * @file environment.cpp
 * @brief Source file for class environment
 */

#include "environment.h"
#include "domain.h"

#include <cmath>
#include <numeric>

namespace {
const double kPi = 3.14159265358979323846;
}

///////////////////////////////////////////////////////////////////////////////
void environment::init(domain *p_domn) {
    domn = p_domn;
    rng.seed(static_cast<unsigned>(domn->pram->seed));
    c.assign(domn->pram->nCellsObs, 0.0);
}

///////////////////////////////////////////////////////////////////////////////
/** Variance of the scalar on the line. */
double environment::variance() const {
    double mean = accumulate(c.begin(), c.end(), 0.0) / c.size();
    double v = 0.0;
    for (double ci : c) v += (ci - mean) * (ci - mean);
    return v / c.size();
}

///////////////////////////////////////////////////////////////////////////////
/** Observation: cells (scaled), normalised rate level, time fraction. */
vector<double> environment::observe() const {
    vector<double> obs;
    obs.reserve(domn->pram->dqnNObserv);
    for (double ci : c) obs.push_back(ci / 0.5);
    obs.push_back(static_cast<double>(level) / (domn->pram->nRateLevels - 1));
    obs.push_back(static_cast<double>(t) / domn->pram->nStepsEpisode);
    return obs;
}

///////////////////////////////////////////////////////////////////////////////
vector<double> environment::validActions() const {
    // 0: lower the rate, 1: keep it, 2: raise it
    vector<double> valid(domn->pram->dqnNActions, 1.0);
    if (level == 0) valid[0] = 0.0;
    if (level == domn->pram->nRateLevels - 1) valid[2] = 0.0;
    return valid;
}

///////////////////////////////////////////////////////////////////////////////
/** Random segregating eddy: a square wave of random wavenumber and phase. */
void environment::stir() {
    uniform_int_distribution<int> kdist(2, 4);
    uniform_real_distribution<double> phase(0.0, 2.0 * kPi);
    int k = kdist(rng);
    double phi = phase(rng);
    size_t n = c.size();
    for (size_t i = 0; i < n; ++i) {
        double s = sin(2.0 * kPi * k * (i + 0.5) / n + phi);
        c[i] += 0.12 * (s > 0 ? 1.0 : -1.0);
    }
}

///////////////////////////////////////////////////////////////////////////////
/** Diffusive mixing at the current rate (explicit, periodic, stable for r <= 0.5). */
void environment::mix() {
    double r = 0.12 * level;
    size_t n = c.size();
    for (int sub = 0; sub < 4; ++sub) {
        vector<double> next(c);
        for (size_t i = 0; i < n; ++i) {
            double left = c[(i + n - 1) % n];
            double right = c[(i + 1) % n];
            next[i] = c[i] + r * (left + right - 2.0 * c[i]);
        }
        c.swap(next);
    }
}

///////////////////////////////////////////////////////////////////////////////
vector<double> environment::reset() {
    uniform_real_distribution<double> phase(0.0, 2.0 * kPi);
    double phi = phase(rng);
    size_t n = c.size();
    for (size_t i = 0; i < n; ++i) {
        double s = sin(2.0 * kPi * 2 * (i + 0.5) / n + phi);
        c[i] = 0.3 * (s > 0 ? 1.0 : -1.0);
    }
    level = 2;
    t = 0;
    return observe();
}

///////////////////////////////////////////////////////////////////////////////
stepResult environment::step(int64_t action) {
    if (action == 0 && level > 0) level--;
    if (action == 2 && level < domn->pram->nRateLevels - 1) level++;

    stir();
    mix();
    t++;

    double v = variance();
    double reward = -10.0 * fabs(v - domn->pram->targetVariance) - domn->pram->rateCost * level;

    stepResult result;
    result.terminated = v > 1.0;
    result.truncated = t >= domn->pram->nStepsEpisode;
    if (result.terminated) reward -= 5.0;
    result.reward = {reward};
    result.observation = observe();
    result.validActions = validActions();
    return result;
}
