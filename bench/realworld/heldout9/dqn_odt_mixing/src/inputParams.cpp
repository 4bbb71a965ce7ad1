/**
 * @file inputParams.cpp
 * @brief Source file for class inputParams
 */

#include "inputParams.h"
#include "domain.h"

#include <iostream>

///////////////////////////////////////////////////////////////////////////////
/** inputParams constructor
 *
 *  The values used to come from input/<caseName>/input.yaml (params:, dqnParams:).
 *  The defaults below are the values of the reference case.
 *
 *  @param p_caseName \input name of the case.
 */
inputParams::inputParams(const string &p_caseName) {

    domn              = nullptr;
    caseName          = p_caseName;
    seed              = 10;

    //---------- line / environment

    nCellsObs         = 16;
    nRateLevels       = 5;
    targetVariance    = 0.05;
    rateCost          = 0.01;
    nStepsEpisode     = 40;

    //---------- dqn

    dqnNObserv        = nCellsObs + 2;      // cells, current rate level, time fraction
    dqnNActions       = 3;
    dqnNeuronsPerLayer = 100;
    dqnBatchSize      = 50;
    dqnMemoryCapacity = 10000;
    dqnLr             = 1e-3;
    dqnGamma          = 0.9;
    dqnEpsStart       = 0.9;
    dqnEpsEnd         = 0.05;
    dqnEpsDecay       = 100;
    dqnTau            = 0.05;
    nEpisodes         = 8;
    nTestEpisodes     = 10;

}

///////////////////////////////////////////////////////////////////////////////
/** inputParams initialization function
 *
 * @param p_domn  \input set domain pointer with.
 */
void inputParams::init(domain *p_domn) {
    domn = p_domn;
    cout << endl << "#################### case " << caseName << ": "
         << dqnNObserv << " observations, " << dqnNActions << " actions" << endl;
}
