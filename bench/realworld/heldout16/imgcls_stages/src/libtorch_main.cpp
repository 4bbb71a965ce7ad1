#include <torch/torch.h>
#include <iostream>
#include <memory>
#include "linear_regression.h"
#include "image_classification.h"
#include "image_dataset.h"

float linear_regression(torch::Device device);
float img_classification(torch::Device device);
float accuracy_compute(torch::Tensor pl, torch::Tensor l);
torch::Tensor teacher(const torch::Tensor &x, const torch::Tensor &a, const torch::Tensor &b);

int main(int argc, char *argv[])
{
    torch::manual_seed(1);
    torch::Device device = torch::cuda::is_available() ? torch::Device("cuda:0") : torch::Device(torch::kCPU);

    const float regression_loss = linear_regression(device);
    const float classification_loss = img_classification(device);

    std::cout << "final loss: " << classification_loss << std::endl;
    std::cout << "final loss (linear regression): " << regression_loss << std::endl;
    return 0;
}

// simulated linear regression
float linear_regression(torch::Device device)
{
    int input_size = 20;
    int output_size = 10;

    std::shared_ptr<LinearRegression> model_ptr = std::make_shared<LinearRegression>(LinearRegression(input_size, output_size));
    model_ptr->to(device);
    torch::optim::SGD optimizer(model_ptr->parameters(), torch::optim::SGDOptions(0.01).momentum(0.9));

    // the hidden linear map the model has to recover
    torch::Tensor a = torch::randn({output_size, input_size}).to(device);
    torch::Tensor b = torch::randn({1, output_size}).to(device);
    float last = 0.0f;
    for (int epoch = 0; epoch < 150; epoch++)
    {
        torch::Tensor x = (torch::randn({10, input_size}) * 2 + 1).to(device);
        torch::Tensor y = teacher(x, a, b); // 10 * output_size
        optimizer.zero_grad();
        torch::Tensor y_pred = model_ptr->forward(x);
        torch::Tensor loss = torch::mse_loss(y_pred, y);
        loss.backward();
        optimizer.step();
        last = loss.item<float>();
        if (epoch % 50 == 0)
            std::cout << "epoch: " << epoch << " loss: " << last << std::endl;
    }
    torch::NoGradGuard no_grad;
    torch::Tensor x_test = (torch::randn({200, input_size}) * 2 + 1).to(device);
    torch::Tensor test_mse = torch::mse_loss(model_ptr->forward(x_test), teacher(x_test, a, b));
    std::cout << "linear regression test mse: " << test_mse.item<float>() << std::endl;
    return last;
}

// simulated image classification
float img_classification(torch::Device device)
{
    int image_size[2] = {32, 32};
    int rgb_channel = 3;

    ImageDataset train_data(image_size[0], 17);
    ImageDataset test_data(image_size[0], 18);
    auto test_batch = test_data.batch(200);

    std::shared_ptr<ImageClassification> model_ptr = std::make_shared<ImageClassification>(ImageClassification(rgb_channel, ImageDataset::kNumClasses, 4));
    model_ptr->to(device);
    torch::optim::SGD optimizer(model_ptr->parameters(), torch::optim::SGDOptions(0.01).momentum(0.9));

    model_ptr->eval();
    float acc_before;
    {
        torch::NoGradGuard no_grad;
        acc_before = accuracy_compute(model_ptr->forward(test_batch.first.to(device)).cpu(), test_batch.second);
    }
    model_ptr->train();

    float last = 0.0f;
    for (int epoch = 0; epoch < 200; epoch++)
    {
        auto batch = train_data.batch(16);
        torch::Tensor img = batch.first.to(device);
        torch::Tensor label = torch::one_hot(batch.second, ImageDataset::kNumClasses).toType(torch::kFloat32).to(device);

        optimizer.zero_grad();
        torch::Tensor pred = model_ptr->forward(img);
        torch::Tensor loss = -(label * torch::log(torch::softmax(pred, 1) + 1e-8)).sum(1).mean();
        loss.backward();
        optimizer.step();
        last = loss.item<float>();
        if (epoch % 50 == 0)
            std::cout << "epoch: " << epoch << " loss: " << last
                      << " acc: " << accuracy_compute(pred.detach().cpu(), batch.second) << std::endl;
    }

    model_ptr->eval();
    torch::NoGradGuard no_grad;
    float acc_after = accuracy_compute(model_ptr->forward(test_batch.first.to(device)).cpu(), test_batch.second);
    std::cout << "image classification test accuracy: " << acc_before << " -> " << acc_after << std::endl;
    return last;
}

float accuracy_compute(torch::Tensor pl, torch::Tensor l)
{
    return (pl.argmax(1) == l).sum().item<float>() / static_cast<float>(l.size(0));
}

// y = x a^T + b, written element-wise
torch::Tensor teacher(const torch::Tensor &x, const torch::Tensor &a, const torch::Tensor &b)
{
    return (x.unsqueeze(1) * a.unsqueeze(0)).sum(-1) + b;
}
