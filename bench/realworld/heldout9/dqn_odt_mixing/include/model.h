#pragma once

#include <torch/torch.h>
#include <cmath>
#include <random>
#include <vector>

#include "dqn.h"
#include "replayMemory.h"

class domain;

using namespace std;


////////////////////////////////////////////////////////////////////////////////

/** Class implementing reinforcement learning Model object.
 */

class model {


    //////////////////// DATA MEMBERS //////////////////////

    public:

        domain             *domn;              ///< pointer to domain object
        double              last_loss = 0.0;   ///< loss of the last optimisation step
        int                 n_optim_steps = 0;

    private:

        torch::Device        device;
        dqn                 *policy_net;
        dqn                 *target_net;
        torch::optim::AdamW *optimizer;
        replayMemory        *memory;
        int                  batch_size = 0;
        int                  steps_done = 0;
        double               eps_start = 0;
        double               eps_end = 0;
        double               eps_decay = 0;
        double               tau = 0;
        mt19937              gen;

    //////////////////// MEMBER FUNCTIONS /////////////////

    public:

        void    train(int num_episodes);
        double  evaluate(int num_episodes, bool random_policy, double *mean_deviation);

    private:

        int64_t select_action(torch::Tensor state, torch::Tensor valid);
        void    optimize();
        void    soft_update();

    //////////////////// CONSTRUCTOR FUNCTIONS /////////////////

    public:

        model();
        void init(domain *p_domn);
        virtual ~model();

};
