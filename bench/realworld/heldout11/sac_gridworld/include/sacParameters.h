
#ifndef SAC_PARAMETERS_H
#define SAC_PARAMETERS_H

#include <string>

class SACParameters {

private:
    /// Given a parameter name, sets its value (the original read them from a JSON file)
    void setParameterFromString(const std::string& param, const std::string& value);

public:
    /// Learning rate of the models
    double lr = 0.003;

    /// Gamma for bellman equation
    double gamma = 0.95;

    /// Reward scale
    double rewardScale = 10.0;

    /// Size of the buffer
    int sizeBuffer = 100000;

    /// Batch size of training iterations
    int batchSize = 64;

    /// Coefficient to update the targetValue model
    double tau = 0.01;

    /// Size of the first layer of the models
    int sizeHL1 = 100;

    /// Size of the second layer of the models
    int sizeHL2 = 50;

    /// Number of learning steps (one per environment step once the buffer holds a batch)
    int maxLearnSteps = 300;

    /// Loads "key=value" arguments of the command line into the parameters
    void loadParametersFromArgs(int argc, char** argv);

};

#endif
