/**
 * @file environment.h
 * @brief Header file for class environment
 */

#pragma once

#include <cstdint>
#include <random>
#include <vector>

class domain;

using namespace std;

/** Result of one environment step (gym-like). */
struct stepResult {
    vector<double>  observation;    ///< state after the step
    vector<double>  reward;         ///< one entry (kept a vector as the ODT coupling returns one per probe)
    vector<double>  validActions;   ///< 1 for each action allowed in the new state, else 0
    bool            terminated;     ///< the line left the admissible range
    bool            truncated;      ///< episode length reached
};

////////////////////////////////////////////////////////////////////////////////

/** Class implementing the environment: a periodic line of a passive scalar that is
 *  stirred every step (random segregating eddies) and mixed at a rate the agent
 *  chooses (lower / keep / raise). The agent should hold the scalar variance at
 *  pram->targetVariance at the lowest rate.
 */

class environment {

    public:

        domain          *domn;

        void            init(domain *p_domn);
        vector<double>  reset();
        stepResult      step(int64_t action);
        vector<double>  validActions() const;

        double          variance() const;
        int             rateLevel() const { return level; }

    private:

        vector<double>  c;              ///< scalar in each cell
        int             level = 0;      ///< current eddy-rate level
        int             t = 0;          ///< steps taken in this episode
        mt19937         rng;

        vector<double>  observe() const;
        void            stir();
        void            mix();

};
