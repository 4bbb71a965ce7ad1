#pragma once

#include <torch/torch.h>

#include <random>
#include <vector>

struct Molecule {
  torch::Tensor positions;  // [A, 3]
  torch::Tensor types;      // [A] int64
  double energy = 0.0;
};

// Several molecules flattened into one graph (SchNet-style batching).
struct GraphBatch {
  torch::Tensor positions;  // [A, 3]
  torch::Tensor types;      // [A]
  torch::Tensor mol_index;  // [A] molecule of each atom
  torch::Tensor src;        // [E] neighbour atom
  torch::Tensor dst;        // [E] centre atom
  torch::Tensor energy;     // [M]
  int64_t num_molecules = 0;
};

std::vector<Molecule> make_clusters(int64_t count, std::mt19937 &rng);

struct EnergyScaler {
  double mean = 0.0;
  double std = 1.0;
};
EnergyScaler fit_scaler(const std::vector<Molecule> &mols);

GraphBatch collate(const std::vector<Molecule> &mols, const std::vector<int64_t> &order, size_t begin,
                   size_t end, double cutoff, const EnergyScaler &scaler);
