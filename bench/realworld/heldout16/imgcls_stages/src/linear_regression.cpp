#include "linear_regression.h"

LinearRegression::LinearRegression(int input_size, int output_size)
{
    linear = register_module("linear", torch::nn::Linear(torch::nn::LinearOptions(input_size, output_size)));
}

torch::Tensor LinearRegression::forward(torch::Tensor x)
{
    return linear->forward(x);
}
