
#include <cstdlib>
#include <iostream>

#include "sacParameters.h"

void SACParameters::setParameterFromString(const std::string& param, const std::string& value)
{
    if (param == "lr") {
        lr = std::atof(value.c_str());
        return;
    }

    if (param == "gamma") {
        gamma = std::atof(value.c_str());
        return;
    }

    if (param == "rewardScale") {
        rewardScale = std::atof(value.c_str());
        return;
    }

    if (param == "sizeBuffer") {
        sizeBuffer = std::atoi(value.c_str());
        return;
    }

    if (param == "batchSize") {
        batchSize = std::atoi(value.c_str());
        return;
    }

    if (param == "tau") {
        tau = std::atof(value.c_str());
        return;
    }

    if (param == "sizeHL1") {
        sizeHL1 = std::atoi(value.c_str());
        return;
    }

    if (param == "sizeHL2") {
        sizeHL2 = std::atoi(value.c_str());
        return;
    }

    if (param == "maxLearnSteps") {
        maxLearnSteps = std::atoi(value.c_str());
        return;
    }
    // we didn't recognize the symbol
    std::cerr << "Ignoring unknown parameter " << param << std::endl;
}

void SACParameters::loadParametersFromArgs(int argc, char** argv)
{
    for (int i = 1; i < argc; i++) {
        std::string arg = argv[i];
        auto eq = arg.find('=');
        if (eq == std::string::npos) {
            std::cerr << "Ignoring ill-formed argument " << arg << std::endl;
            continue;
        }
        setParameterFromString(arg.substr(0, eq), arg.substr(eq + 1));
    }
}
