#include "graph_data.h"

#include <cmath>

namespace
{
constexpr int kNumLayers = 5;
constexpr double kPi = 3.14159265358979323846;
constexpr double kMaxDphi = 0.35;

double wrap(double phi)
{
    while (phi > kPi) phi -= 2 * kPi;
    while (phi < -kPi) phi += 2 * kPi;
    return phi;
}
}

GraphSample make_event(std::mt19937& rng, int num_tracks, int num_noise_hits)
{
    std::uniform_real_distribution<double> angle(-kPi, kPi);
    std::uniform_real_distribution<double> curvature(-0.05, 0.05);
    std::uniform_real_distribution<double> slope(-1.0, 1.0);
    std::normal_distribution<double> jitter(0.0, 0.01);
    std::uniform_int_distribution<int> layer_of(1, kNumLayers);

    std::vector<double> r, phi, z;
    std::vector<int> particle;
    for (int t = 0; t < num_tracks; ++t)
    {
        const double phi0 = angle(rng), k = curvature(rng), cot = slope(rng);
        for (int layer = 1; layer <= kNumLayers; ++layer)
        {
            r.push_back(layer);
            phi.push_back(wrap(phi0 + k * layer + jitter(rng)));
            z.push_back(cot * layer + jitter(rng));
            particle.push_back(t);
        }
    }
    for (int h = 0; h < num_noise_hits; ++h)
    {
        r.push_back(layer_of(rng));
        phi.push_back(angle(rng));
        z.push_back(slope(rng) * 5.0);
        particle.push_back(-1 - h);
    }

    std::vector<int64_t> src, dst;
    std::vector<float> edge_features, labels;
    const size_t n = r.size();
    for (size_t i = 0; i < n; ++i)
    {
        for (size_t j = 0; j < n; ++j)
        {
            const double dphi = wrap(phi[j] - phi[i]);
            if (r[j] != r[i] + 1 || std::abs(dphi) > kMaxDphi)
            {
                continue;
            }
            const double dz = z[j] - z[i];
            src.push_back(static_cast<int64_t>(i));
            dst.push_back(static_cast<int64_t>(j));
            edge_features.insert(edge_features.end(),
                                 {1.0f, static_cast<float>(dphi / kMaxDphi), static_cast<float>(dz),
                                  static_cast<float>(std::sqrt(dphi * dphi + dz * dz))});
            labels.push_back(particle[i] == particle[j] && particle[i] >= 0 ? 1.0f : 0.0f);
        }
    }

    std::vector<float> node_features;
    for (size_t i = 0; i < n; ++i)
    {
        node_features.insert(node_features.end(), {static_cast<float>(r[i] / kNumLayers), static_cast<float>(phi[i] / kPi),
                                                   static_cast<float>(z[i] / kNumLayers)});
    }

    GraphSample sample;
    const auto num_edges = static_cast<int64_t>(src.size());
    sample.edge_index = torch::stack({torch::tensor(src, torch::kLong), torch::tensor(dst, torch::kLong)});
    sample.node_attr = torch::tensor(node_features).view({static_cast<int64_t>(n), 3});
    sample.edge_attr = torch::tensor(edge_features).view({num_edges, 4});
    sample.answer = torch::tensor(labels);
    return sample;
}

GraphSample collate(const std::vector<GraphSample>& samples)
{
    std::vector<torch::Tensor> edge_index, node_attr, edge_attr, answer;
    int64_t offset = 0;
    for (const auto& s : samples)
    {
        edge_index.push_back(s.edge_index + offset);
        node_attr.push_back(s.node_attr);
        edge_attr.push_back(s.edge_attr);
        answer.push_back(s.answer);
        offset += s.node_attr.size(0);
    }
    return {torch::cat(edge_index, 1), torch::cat(node_attr, 0), torch::cat(edge_attr, 0), torch::cat(answer, 0)};
}
