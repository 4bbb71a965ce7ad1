#include "molecules.h"

#include <array>
#include <cmath>

#include "config.h"

namespace {

// Pair strengths and per-type offsets of the synthetic potential.
const double kPairA[kNumAtomTypes][kNumAtomTypes] = {
    {1.0, 0.6, -0.4, 0.2}, {0.6, 1.4, 0.3, -0.5}, {-0.4, 0.3, 0.8, 0.1}, {0.2, -0.5, 0.1, 1.2}};
const double kOffset[kNumAtomTypes] = {-1.0, -0.5, -1.5, 0.3};

}  // namespace

std::vector<Molecule> make_clusters(int64_t count, std::mt19937 &rng) {
  std::uniform_int_distribution<int64_t> size_dist(5, 9);
  std::uniform_int_distribution<int64_t> type_dist(0, kNumAtomTypes - 1);
  std::uniform_real_distribution<double> coord(0.0, 3.5);
  std::vector<Molecule> mols;
  mols.reserve(count);
  for (int64_t m = 0; m < count; ++m) {
    const int64_t atoms = size_dist(rng);
    std::vector<std::array<double, 3>> xyz;
    while (static_cast<int64_t>(xyz.size()) < atoms) {
      std::array<double, 3> p{coord(rng), coord(rng), coord(rng)};
      bool ok = true;
      for (const auto &q : xyz) {
        const double d2 = (p[0] - q[0]) * (p[0] - q[0]) + (p[1] - q[1]) * (p[1] - q[1]) +
                          (p[2] - q[2]) * (p[2] - q[2]);
        if (d2 < 0.8 * 0.8) ok = false;
      }
      if (ok) xyz.push_back(p);
    }
    Molecule mol;
    mol.positions = torch::empty({atoms, 3});
    mol.types = torch::empty({atoms}, torch::kLong);
    auto pa = mol.positions.accessor<float, 2>();
    auto ta = mol.types.accessor<int64_t, 1>();
    double energy = 0.0;
    for (int64_t i = 0; i < atoms; ++i) {
      for (int c = 0; c < 3; ++c) pa[i][c] = static_cast<float>(xyz[i][c]);
      ta[i] = type_dist(rng);
      energy += kOffset[ta[i]];
    }
    for (int64_t i = 0; i < atoms; ++i) {
      for (int64_t j = i + 1; j < atoms; ++j) {
        double d2 = 0.0;
        for (int c = 0; c < 3; ++c) d2 += (xyz[i][c] - xyz[j][c]) * (xyz[i][c] - xyz[j][c]);
        const double r = std::sqrt(d2);
        energy += kPairA[ta[i]][ta[j]] * std::exp(-r / 1.2) * (1.0 + 0.5 * std::cos(2.0 * r));
      }
    }
    mol.energy = energy;
    mols.push_back(mol);
  }
  return mols;
}

EnergyScaler fit_scaler(const std::vector<Molecule> &mols) {
  std::vector<double> values;
  for (const auto &m : mols) values.push_back(m.energy);
  auto e = torch::tensor(values, torch::kDouble);
  EnergyScaler scaler;
  scaler.mean = e.mean().item<double>();
  scaler.std = (e.std() + 1e-8).item<double>();
  return scaler;
}

GraphBatch collate(const std::vector<Molecule> &mols, const std::vector<int64_t> &order, size_t begin,
                   size_t end, double cutoff, const EnergyScaler &scaler) {
  std::vector<torch::Tensor> pos, types, mol_index;
  std::vector<int64_t> src, dst;
  std::vector<float> energy;
  int64_t offset = 0;
  for (size_t k = begin; k < end; ++k) {
    const Molecule &m = mols[order[k]];
    const int64_t atoms = m.positions.size(0);
    auto pa = m.positions.accessor<float, 2>();
    for (int64_t i = 0; i < atoms; ++i) {
      for (int64_t j = 0; j < atoms; ++j) {
        if (i == j) continue;
        double d2 = 0.0;
        for (int c = 0; c < 3; ++c) d2 += (pa[i][c] - pa[j][c]) * (pa[i][c] - pa[j][c]);
        if (d2 < cutoff * cutoff) {
          src.push_back(offset + j);
          dst.push_back(offset + i);
        }
      }
    }
    pos.push_back(m.positions);
    types.push_back(m.types);
    mol_index.push_back(torch::full({atoms}, static_cast<int64_t>(k - begin), torch::kLong));
    energy.push_back(static_cast<float>((m.energy - scaler.mean) / scaler.std));
    offset += atoms;
  }
  GraphBatch batch;
  batch.positions = torch::cat(pos, 0);
  batch.types = torch::cat(types, 0);
  batch.mol_index = torch::cat(mol_index, 0);
  batch.src = torch::tensor(src, torch::kLong);
  batch.dst = torch::tensor(dst, torch::kLong);
  batch.energy = torch::tensor(energy);
  batch.num_molecules = static_cast<int64_t>(end - begin);
  return batch;
}
