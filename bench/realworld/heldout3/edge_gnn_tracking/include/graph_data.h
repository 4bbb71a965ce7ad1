#pragma once

#include <torch/torch.h>

#include <random>
#include <vector>

struct GraphSample
{
    torch::Tensor edge_index;  // (2, E), long
    torch::Tensor node_attr;   // (N, 3): r, phi, z (scaled)
    torch::Tensor edge_attr;   // (E, 4): dr, dphi, dz, dR
    torch::Tensor answer;      // (E), 1 when both hits come from the same particle
};

// One simulated event: straight-ish tracks crossing five detector layers plus noise hits,
// with candidate edges between hits on consecutive layers.
GraphSample make_event(std::mt19937& rng, int num_tracks, int num_noise_hits);

// Several graphs as one disconnected graph (node indices shifted).
GraphSample collate(const std::vector<GraphSample>& samples);
