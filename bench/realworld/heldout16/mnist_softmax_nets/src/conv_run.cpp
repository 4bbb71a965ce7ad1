#include "runs.h"

#include "data/repr.h"
#include "models/conv_models.h"

#include <cmath>
#include <iostream>

float test_conv(data_set train, data_set dev, torch::Device device) {
    torch::Tensor x_train = get_data(train);
    torch::Tensor y_train = get_labels(train);
    torch::Tensor x_dev = get_data(dev);
    torch::Tensor y_dev = get_labels(dev);
    print_sizes("conv x_train", x_train);

    auto net = MNIST_ConvNet();
    net.to(device);

    net.eval();
    const double acc_before = accuracy(net.forward(x_dev.to(device)).to(torch::kCPU), y_dev);

    auto optim = torch::optim::SGD(net.parameters(), torch::optim::SGDOptions(5e-2).momentum(0.9));

    int batch_size = 32;
    int nb_batch = (int) ceil(double(x_train.size(0)) / double(batch_size));

    int nb_epoch = 3;
    float last_loss = 0.f;

    for (int e = 0; e < nb_epoch; e++) {

        float sum_loss = 0.f;

        net.train();

        for (int b_idx = 0; b_idx < nb_batch; b_idx++) {
            int i_min = batch_size * b_idx;
            int i_max = batch_size * (b_idx + 1);
            i_max = (int) (i_max > x_train.size(0) ? x_train.size(0) : i_max);

            auto x_batch = x_train.slice(0, i_min, i_max).to(device);
            auto y_batch = y_train.slice(0, i_min, i_max).to(device);

            optim.zero_grad();

            auto pred = net.forward(x_batch);

            auto loss = torch::nll_loss(pred, y_batch);

            loss.backward();
            optim.step();

            last_loss = loss.item().toFloat();
            sum_loss += last_loss;
        }
        std::cout << "Conv epoch " << e << ", mean loss = " << (sum_loss / nb_batch) << std::endl;
    }

    net.eval();
    torch::NoGradGuard no_grad;
    const double acc_after = accuracy(net.forward(x_dev.to(device)).to(torch::kCPU), y_dev);
    std::cout << "conv dev accuracy: " << acc_before << " -> " << acc_after << std::endl;
    return last_loss;
}
