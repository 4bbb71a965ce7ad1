/**
 * @file dqn.h
 * @brief Header file for class dqn
 */

#pragma once

#include <string>
#include <vector>
#include <torch/torch.h>

class domain;

using namespace std;

////////////////////////////////////////////////////////////////////////////////

/** Class implementing dqn (Deep Q-Learning Network) object.
 */

struct dqn : public torch::nn::Module {

    //////////////////// DATA MEMBERS //////////////////////

    public:

        domain              *domn = nullptr;    ///< pointer to domain object

    private:

        torch::nn::Linear layer1{nullptr}, layer2{nullptr}, layer3{nullptr};

    //////////////////// MEMBER FUNCTIONS /////////////////

    public:

        torch::Tensor forward(torch::Tensor x);
        torch::Tensor masked_q(torch::Tensor x, torch::Tensor valid);

    //////////////////// CONSTRUCTOR FUNCTIONS /////////////////

        dqn(int n_observations, int n_actions, int n_neurons_per_layer);
        void init(domain *p_domn);

};
