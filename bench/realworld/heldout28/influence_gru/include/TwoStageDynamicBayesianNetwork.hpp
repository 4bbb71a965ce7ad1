#ifndef TWO_STAGE_DYNAMIC_BAYESIAN_NETWORK_HPP_
#define TWO_STAGE_DYNAMIC_BAYESIAN_NETWORK_HPP_

#include "Utils.hpp"

#include <map>
#include <string>
#include <vector>

// A variable of the two-stage DBN: only what the influence predictors use.
class TwoStageDynamicBayesianVariable {
public:
  TwoStageDynamicBayesianVariable() = default;
  TwoStageDynamicBayesianVariable(std::string name, int numberOfValues,
                                  std::vector<double> initialDistribution)
      : _name(std::move(name)), _numberOfValues(numberOfValues),
        _initialDistribution(std::move(initialDistribution)) {}

  int getNumberOfValues() const { return _numberOfValues; }

  int sampleInitialValue() const {
    std::discrete_distribution<int> dist(_initialDistribution.begin(),
                                         _initialDistribution.end());
    return dist(RandomUtils::getRandomEngine());
  }

  int sampleUniformly() const {
    return std::uniform_int_distribution<int>(0, _numberOfValues - 1)(
        RandomUtils::getRandomEngine());
  }

private:
  std::string _name;
  int _numberOfValues = 2;
  std::vector<double> _initialDistribution{0.5, 0.5};
};

class TwoStageDynamicBayesianNetwork {
public:
  void addVariable(const TwoStageDynamicBayesianVariable &variable,
                   const std::string &name) {
    _variables[name] = variable;
  }
  const TwoStageDynamicBayesianVariable &getVariable(const std::string &name) const {
    return _variables.at(name);
  }

private:
  std::map<std::string, TwoStageDynamicBayesianVariable> _variables;
};

#endif
