/**
 * @file main.cpp
 * @brief DQN control of the mixing rate of a stirred scalar line (ODT-like coupling)
 */

#include "domain.h"
#include "environment.h"
#include "inputParams.h"
#include "model.h"

#include <torch/torch.h>
#include <iostream>
#include <string>

using namespace std;

int main(int argc, char *argv[]) {

    string caseName = (argc > 1) ? argv[1] : "mixing_line";

    inputParams *pram = new inputParams(caseName);
    environment *env  = new environment();
    model       *mdl  = new model();
    domain      *domn = new domain(pram, env, mdl);

    torch::manual_seed(pram->seed);

    pram->init(domn);
    env->init(domn);
    mdl->init(domn);

    // the untrained policy and random actions, for reference
    double dev_untrained = 0.0, dev_random = 0.0, dev_trained = 0.0;
    double ret_untrained = mdl->evaluate(pram->nTestEpisodes, false, &dev_untrained);
    double ret_random = mdl->evaluate(pram->nTestEpisodes, true, &dev_random);

    mdl->train(pram->nEpisodes);

    double ret_trained = mdl->evaluate(pram->nTestEpisodes, false, &dev_trained);

    cout << "optimizer steps: " << mdl->n_optim_steps << endl;
    cout << "final loss: " << mdl->last_loss << endl;
    cout << "test return per episode: " << ret_trained << " (untrained " << ret_untrained << ", random " << ret_random << ")" << endl;
    cout << "test mean |variance - target|: " << dev_trained << " (untrained " << dev_untrained << ", random " << dev_random << ")" << endl;

    delete domn;
    delete mdl;
    delete env;
    delete pram;
    return 0;
}
