/**
 * @file inputParams.h
 * @brief Header file for class inputParams
 */

#pragma once

#include <string>

class domain;

using namespace std;

////////////////////////////////////////////////////////////////////////////////

/** Class implementing inputParams object: the run's parameters (line, mixing,
 *  reinforcement learning). All members are public and read through domn->pram.
 */

class inputParams {

    //////////////////// DATA MEMBERS //////////////////////

    public:

        domain          *domn;                  ///< pointer to domain object

        string           caseName;              ///< name of the case (output prefix)
        int              seed;                  ///< random seed

        // line / environment
        int              nCellsObs;             ///< cells of the line seen by the agent
        int              nRateLevels;           ///< eddy-rate levels the agent can set
        double           targetVariance;        ///< scalar variance the controller should hold
        double           rateCost;              ///< cost of one rate level per step
        int              nStepsEpisode;         ///< actions per episode (truncation)

        // reinforcement learning
        int              dqnNObserv;            ///< observation size (cells + rate + time)
        int              dqnNActions;           ///< lower / keep / raise
        int              dqnNeuronsPerLayer;    ///< width of the hidden layers
        int              dqnBatchSize;          ///< transitions per optimisation step
        int              dqnMemoryCapacity;     ///< replay memory size
        double           dqnLr;
        double           dqnGamma;
        double           dqnEpsStart;
        double           dqnEpsEnd;
        double           dqnEpsDecay;
        double           dqnTau;
        int              nEpisodes;
        int              nTestEpisodes;

    //////////////////// MEMBER FUNCTIONS /////////////////

        void init(domain *p_domn);

    //////////////////// CONSTRUCTOR FUNCTIONS /////////////////

        inputParams(const string &p_caseName);
        virtual ~inputParams() {}

};
