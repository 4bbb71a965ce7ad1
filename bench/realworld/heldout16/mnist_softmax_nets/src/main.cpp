#include <torch/torch.h>
#include <iostream>

#include "data/read_mnist.h"
#include "runs.h"

int main() {
    torch::manual_seed(5);

    torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);

    data_set mnist = read_mnist(2400, 21);
    data_set mnist_dev = read_mnist(500, 22);

    // 1920 examples for training (60 batches of 32), the rest dropped as in the original split
    data_set train = std::make_tuple(get_data(mnist).slice(0, 0, 1920), get_labels(mnist).slice(0, 0, 1920));

    const float conv_loss = test_conv(train, mnist_dev, device);
    const float linear_loss = test_linear(train, mnist_dev, device);

    std::cout << "final loss: " << conv_loss << std::endl;
    std::cout << "final loss (linear): " << linear_loss << std::endl;
    return 0;
}
