#include "data_loader.h"

#include <cmath>

ModelNet40Dataset::ModelNet40Dataset(std::string root, std::string partition,
                                     int num_points, bool gaussian_noise, float factor)
    : partition_(partition), num_points_(num_points), gaussian_noise_(gaussian_noise), factor_(factor)
{
    load_data(root);
}

void ModelNet40Dataset::load_data(const std::string& root)
{
    // The original reads ply_data_{train,test}*.h5 under root with HighFive.
    const int64_t n_shapes = partition_ == "train" ? 32 : 8;
    const int64_t n = num_points_;
    std::vector<torch::Tensor> clouds;
    std::vector<int64_t> labels;
    for (int64_t i = 0; i < n_shapes; ++i) {
        int64_t label = i % 3;
        torch::Tensor pc;
        if (label == 0) {
            pc = torch::randn({n, 3});
            pc = pc / pc.norm(2, 1, true) * 0.6;
        } else if (label == 1) {
            pc = torch::rand({n, 3}) - 0.5;
            auto face = torch::randint(0, 3, {n});
            auto sign = torch::randint(0, 2, {n}).to(torch::kFloat32) - 0.5;
            pc.index_put_({torch::arange(n), face}, sign);
        } else {
            auto theta = torch::rand({n}) * (2.0 * M_PI);
            auto z = torch::rand({n}) - 0.5;
            pc = torch::stack({0.4 * torch::cos(theta), 0.4 * torch::sin(theta), z}, 1);
        }
        auto scale = torch::rand({1, 3}) * 0.6 + 0.7;
        clouds.push_back(pc * scale);
        labels.push_back(label);
    }
    all_data = torch::stack(clouds);          // [S, N, 3]
    all_labels = torch::tensor(labels);
    all_angles = (torch::rand({n_shapes, 3}) - 0.5) * (2.0 * M_PI / factor_);
    all_shifts = torch::rand({n_shapes, 3}) - 0.5;
}

torch::Tensor ModelNet40Dataset::jitter_pointcloud(torch::Tensor& pc)
{
    return pc + torch::clamp(0.01 * torch::randn(pc.sizes()), -0.05, 0.05);
}

static torch::Tensor rotation_zyx(double ax, double ay, double az)
{
    auto rx = torch::tensor({1.0, 0.0, 0.0, 0.0, std::cos(ax), -std::sin(ax), 0.0, std::sin(ax), std::cos(ax)}).view({3, 3});
    auto ry = torch::tensor({std::cos(ay), 0.0, std::sin(ay), 0.0, 1.0, 0.0, -std::sin(ay), 0.0, std::cos(ay)}).view({3, 3});
    auto rz = torch::tensor({std::cos(az), -std::sin(az), 0.0, std::sin(az), std::cos(az), 0.0, 0.0, 0.0, 1.0}).view({3, 3});
    return rx.matmul(ry).matmul(rz).to(torch::kFloat32);
}

ModelNet40Example ModelNet40Dataset::get(size_t index)
{
    torch::Tensor pc = all_data[index].transpose(0, 1).contiguous();   // [3, N]
    if (gaussian_noise_) {
        pc = jitter_pointcloud(pc);
    }
    auto angles = all_angles[index];
    torch::Tensor rot_ab = rotation_zyx(angles[0].item<double>(), angles[1].item<double>(), angles[2].item<double>());
    torch::Tensor translation_ab = all_shifts[index].clone();
    torch::Tensor rot_ba = rot_ab.transpose(0, 1).contiguous();
    torch::Tensor translation_ba = -rot_ba.matmul(translation_ab);

    torch::Tensor pointcloud1 = pc;
    torch::Tensor pointcloud2 = rot_ab.matmul(pc) + translation_ab.unsqueeze(1);

    return {pointcloud1, pointcloud2, rot_ab, translation_ab, rot_ba, translation_ba};
}

torch::optional<size_t> ModelNet40Dataset::size() const
{
    return all_data.size(0);
}
