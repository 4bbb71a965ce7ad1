#ifndef LIBTORCH_CLIENT_H
#define LIBTORCH_CLIENT_H

#include <torch/torch.h>

#include <string>
#include <utility>
#include <vector>

#include "pointnet_model.h"

// A federated-learning client: fit() refines the global model on the local
// shard, evaluate() scores it on the local test shard.
class Libtorch_Client {
public:
    Libtorch_Client(std::string client_id,
                    Pointnet &model,
                    std::vector<int64_t> &train_label,
                    std::vector<int64_t> &test_label,
                    std::vector<float> &train_data,
                    std::vector<float> &test_data);

    float fit(int num_epochs);
    void fine_tune_head(int steps);
    std::pair<float, float> evaluate();

private:
    std::string client_id;
    Pointnet &model;
    std::vector<int64_t> &train_label;
    std::vector<float> &train_data;
    std::vector<int64_t> &test_label;
    std::vector<float> &test_data;
};

#endif
