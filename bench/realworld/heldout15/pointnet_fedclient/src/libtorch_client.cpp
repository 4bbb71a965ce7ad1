#include "libtorch_client.h"

#include <iostream>

#include "synthetic_dataset.h"

extern int DATA_SIZE;

torch::Device device(torch::kCPU);

namespace {
constexpr int kBatch = 16;
}

Libtorch_Client::Libtorch_Client(std::string client_id,
                                 Pointnet &model,
                                 std::vector<int64_t> &train_label,
                                 std::vector<int64_t> &test_label,
                                 std::vector<float> &train_data,
                                 std::vector<float> &test_data)
            : client_id(std::move(client_id)),
              model(model),
              train_label(train_label),
              train_data(train_data),
              test_label(test_label),
              test_data(test_data) {
}

float Libtorch_Client::fit(int num_epochs) {
    std::cout << "Fitting..." << std::endl;
    torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(2e-3).betas({0.9, 0.999}));

    this->model->to(device);
    this->model->train();

    const int INPUT_COUNT = static_cast<int>(train_label.size());
    torch::Tensor inpt_tensor = torch::from_blob(train_data.data(), {INPUT_COUNT, POINT_COUNT, 3}, torch::kFloat32);
    torch::Tensor label_tensor = torch::from_blob(train_label.data(), {INPUT_COUNT}, torch::kInt64);

    float last_loss = 0.0f;
    for (int epoch = 0; epoch < num_epochs; epoch++) {
        auto perm = torch::randperm(INPUT_COUNT, torch::kLong);
        float epoch_loss = 0.0f;
        int batches = 0;
        for (int btch = 0; btch + kBatch <= INPUT_COUNT; btch += kBatch) {
            auto idx = perm.slice(0, btch, btch + kBatch);
            torch::Tensor inp = inpt_tensor.index_select(0, idx);
            torch::Tensor labl = label_tensor.index_select(0, idx);
            inp = inp.to(torch::kFloat32).to(device).transpose(1, 2).contiguous();   // [B, 3, N]
            labl = labl.to(torch::kInt64).to(device);

            optimizer.zero_grad();
            auto output = this->model->forward(inp);
            auto loss = torch::nll_loss(torch::log_softmax(output, 1), labl);
            loss.backward();
            optimizer.step();
            last_loss = loss.item<float>();
            epoch_loss += last_loss;
            ++batches;
        }
        std::cout << "Epoch: " << epoch + 1 << " Loss: " << epoch_loss / batches << std::endl;
    }
    return last_loss;
}

// Personalisation: a few full-batch SGD steps on the classifier head only.
void Libtorch_Client::fine_tune_head(int steps) {
    torch::optim::SGD head_opt(model->last->parameters(), torch::optim::SGDOptions(1e-3));
    this->model->eval();
    const int INPUT_COUNT = static_cast<int>(train_label.size());
    auto inp = torch::from_blob(train_data.data(), {INPUT_COUNT, POINT_COUNT, 3}, torch::kFloat32)
                   .to(device).transpose(1, 2).contiguous();
    auto labl = torch::from_blob(train_label.data(), {INPUT_COUNT}, torch::kInt64).to(device);
    for (int s = 0; s < steps; ++s) {
        auto output = this->model->forward(inp);
        auto loss = torch::nll_loss(torch::log_softmax(output, 1), labl);
        loss.backward();
        head_opt.step();
    }
}

std::pair<float, float> Libtorch_Client::evaluate() {
    std::cout << "Evaluating..." << std::endl;
    torch::NoGradGuard no_grad;
    this->model->to(device);
    this->model->eval();

    const int INPUT_COUNT = static_cast<int>(test_label.size());
    torch::Tensor inp = torch::from_blob(test_data.data(), {INPUT_COUNT, POINT_COUNT, 3}, torch::kFloat32)
                            .to(device).transpose(1, 2).contiguous();
    torch::Tensor labl = torch::from_blob(test_label.data(), {INPUT_COUNT}, torch::kInt64).to(device);
    auto output = model->forward(inp);
    auto loss = torch::nll_loss(torch::log_softmax(output, 1), labl);
    auto acc = output.argmax(1).eq(labl).sum().item<float>() / float(INPUT_COUNT);
    return {loss.item<float>(), acc};
}
