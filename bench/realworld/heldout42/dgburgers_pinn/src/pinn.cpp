#include "pinn.h"

PINN::PINN(int input_size, int hidden_size, int output_size) {
    fc1 = register_module("fc1", torch::nn::Linear(input_size, hidden_size));
    fc2 = register_module("fc2", torch::nn::Linear(hidden_size, hidden_size));
    fc3 = register_module("fc3", torch::nn::Linear(hidden_size, output_size));
}

torch::Tensor PINN::forward(torch::Tensor x) {
    x = torch::tanh(fc1->forward(x));
    x = torch::tanh(fc2->forward(x));
    x = fc3->forward(x);
    return x;
}
