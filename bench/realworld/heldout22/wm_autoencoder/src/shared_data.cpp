#include "shared_data.h"

#include <cstdlib>
#include <string>

int WMEESharedData::dataBaseMaxCapacity = 64;
int WMEESharedData::maxStoredVisualModels = 4;
int WMEESharedData::evaluationTime = 100;
int WMEESharedData::gControllerType = 4;

const int WMEESharedData::aeHDim = 100;
int WMEESharedData::aeZDim = 8;

double WMEESharedData::aeLearningRate = 2e-3;

void WMEESharedData::loadProperties(int argc, char** argv) {
  // "key=value" pairs on the command line stand in for roborobo's properties file.
  for (int i = 1; i < argc; ++i) {
    const std::string arg(argv[i]);
    const auto eq = arg.find('=');
    if (eq == std::string::npos) continue;
    const std::string key = arg.substr(0, eq);
    const std::string value = arg.substr(eq + 1);
    if (key == "gAEZDim") aeZDim = std::atoi(value.c_str());
    if (key == "gEvaluationTime") evaluationTime = std::atoi(value.c_str());
    if (key == "gDataBaseMaxCapacity") dataBaseMaxCapacity = std::atoi(value.c_str());
  }
}
