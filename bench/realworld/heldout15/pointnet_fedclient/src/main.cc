#include <torch/torch.h>

#include <iostream>
#include <vector>

#include "libtorch_client.h"
#include "pointnet_model.h"
#include "synthetic_dataset.h"

int DATA_SIZE = 400;

int main(int argc, char** argv) {
    torch::manual_seed(7);

    std::vector<float> train_data, test_data;
    std::vector<int64_t> train_label, test_label;
    make_shape_clouds(static_cast<int>(DATA_SIZE * 0.8), train_data, train_label);
    make_shape_clouds(static_cast<int>(DATA_SIZE * 0.2), test_data, test_label);

    PointnetConfig cfg;
    cfg.num_classes = kNumShapes;
    cfg.global_feat = 250;
    Pointnet model(cfg);

    Libtorch_Client client("client-0", model, train_label, test_label, train_data, test_data);

    auto untrained = client.evaluate();
    std::cout << "untrained test accuracy: " << untrained.second << std::endl;

    float last = client.fit(8);
    client.fine_tune_head(20);
    auto result = client.evaluate();

    std::cout << "final loss: " << last << std::endl;
    std::cout << "test loss: " << result.first << std::endl;
    std::cout << "test accuracy: " << result.second << std::endl;
    return 0;
}
