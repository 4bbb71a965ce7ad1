/**
 * @file domain.h
 * @brief Header file for class domain
 */

#pragma once

#include "inputParams.h"

class environment;
class model;

////////////////////////////////////////////////////////////////////////////////

/** Class implementing domain object: holds pointers to the run's objects so
 *  that each of them reaches the others through domn->...
 */

class domain {

    public:

        inputParams     *pram;      ///< pointer to input parameters object
        environment     *env;       ///< pointer to the mixing-line environment
        model           *mdl;       ///< pointer to the reinforcement learning model

        domain(inputParams *p_pram, environment *p_env, model *p_mdl)
            : pram(p_pram), env(p_env), mdl(p_mdl) {}

};
