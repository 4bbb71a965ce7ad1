#include "heat_pinn_net.h"

// TODO (as the original): manually declare 4 hidden layers first.
HeatPINNNetImpl::HeatPINNNetImpl(int input_layer_size, int output_layer_size, int hidden_layer_size)
        :
        input(torch::nn::Linear(input_layer_size, hidden_layer_size)),
        hidden_0(torch::nn::Linear(hidden_layer_size, hidden_layer_size)),
        hidden_1(torch::nn::Linear(hidden_layer_size, hidden_layer_size)),
        hidden_2(torch::nn::Linear(hidden_layer_size, hidden_layer_size)),
        hidden_3(torch::nn::Linear(hidden_layer_size, hidden_layer_size)),
        output(torch::nn::Linear(hidden_layer_size, output_layer_size))
{
    // register module
    register_module("input", input);
    register_module("hidden_0", hidden_0);
    register_module("hidden_1", hidden_1);
    register_module("hidden_2", hidden_2);
    register_module("hidden_3", hidden_3);
    register_module("output", output);
}

torch::Tensor HeatPINNNetImpl::forward(torch::Tensor x) {
    // activation function for the input and hidden layers
    x = torch::tanh(input(x));
    x = torch::tanh(hidden_0(x));
    x = torch::tanh(hidden_1(x));
    x = torch::tanh(hidden_2(x));
    x = torch::tanh(hidden_3(x));
    x = output(x);

    return x;
}
