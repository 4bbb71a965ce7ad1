#pragma once

#include <torch/torch.h>

#include <vector>

#include "config.h"
#include "molecules.h"
#include "schnet.h"

double train_schnet(SchNet &model, const std::vector<Molecule> &train, const EnergyScaler &scaler,
                    const SchNetConfig &cfg, torch::Device device);

// Mean absolute error of the energies, in the units of the data.
double test_mae(SchNet &model, const std::vector<Molecule> &test, const EnergyScaler &scaler,
                const SchNetConfig &cfg, torch::Device device);
