// A cpp torch example with a PINN for the 2D heat (Poisson) equation, in the shape of
// nathanwbrei/surrogate_toolkit's examples/pinn_pde_solver/pinn_diffusion_pde_solver.cpp
// (Xinxin Mei, JLab PHASM). First ADAM_STEPS steps use Adam, the rest LBFGS.
#include <torch/torch.h>

#include <iomanip>
#include <iostream>

#include "heat_dataset.h"
#include "heat_pinn_net.h"

using namespace torch::indexing;  // for tensor indexing

const int ADAM_STEPS = 600;

// max step (5000 in the original, which reaches e-5)
const int MAX_STEPS = 630;
// criteria for stop training.
const float TARGET_LOSS = 5.0e-5;

const int NN_INPUT_SIZE = 2;
const int NN_OUTPUT_SIZE = 1;
const int NN_HIDDEN_SIZE = 20;

int main() {
    torch::manual_seed(0);

    std::cout << "####### A cpp torch example with PINN heat equation. #######\n" << std::endl;

    // Device
    auto cuda_available = torch::cuda::is_available();
    auto device_str = cuda_available ? torch::kCUDA : torch::kCPU;
    torch::Device device(device_str);

    if (cuda_available) {
        std::cout << "Using CUDA device 0. Training on GPU." << std::endl;
    } else {
        std::cout << "No CUDA device. Training on CPU.\n" << std::endl;
    }

    auto net = HeatPINNNet(NN_INPUT_SIZE, NN_OUTPUT_SIZE, NN_HIDDEN_SIZE);  // init a network model
    net->to(device);

    // supervised training data set
    torch::Tensor y_train, X_train, X;
    y_train = torch::zeros({BD_SIZE, NN_OUTPUT_SIZE}, device);
    std::cout << "y_train sizes: " << y_train.sizes() << std::endl;

    float X_train_data[BD_INPUT_SIZE];
    get_bc_dataset_xTrain(X_train_data);
    X_train = torch::from_blob(X_train_data, {BD_SIZE, NN_INPUT_SIZE}).to(device);
    std::cout << "X_train sizes: " << X_train.sizes() << std::endl;

    // whole data set
    float X_data[WHOLE_INPUT_DATA_SIZE];
    get_whole_dataset_X(X_data);
    X = torch::from_blob(X_data, {WHOLE_GRID_SIZE, NN_INPUT_SIZE}, torch::requires_grad()).to(device);
    std::cout << "X sizes: " << X.sizes() << std::endl;

    std::cout << "\n\nTraining started..." << std::endl;

    torch::Tensor loss_sum;
    int iter = 1;

    // optimizer declaration. All parameters are trying to match Python
    torch::optim::Adam adam_optim(net->parameters(), torch::optim::AdamOptions(1e-3));  // default Adam lr
    torch::optim::LBFGSOptions LBFGS_optim_options =
            torch::optim::LBFGSOptions(1).max_iter(20).max_eval(25).history_size(50);
    torch::optim::LBFGS LBFGS_optim(net->parameters(), LBFGS_optim_options);

    while (iter <= MAX_STEPS) {
        auto closure = [&]() {
            LBFGS_optim.zero_grad();
            loss_sum = get_total_loss(net, X, X_train, y_train, device);
            loss_sum.backward();
            return loss_sum;
        };

        if (iter <= ADAM_STEPS) {
            adam_optim.step(closure);
        } else {
            LBFGS_optim.step(closure);
        }

        // print loss info
        if (iter % 100 == 0 || iter > ADAM_STEPS && iter % 10 == 0) {
            std::cout << "  iter=" << iter << ", loss=" << std::setprecision(7) << loss_sum.item<float>()
                      << std::endl;
        }

        // stop training
        if (loss_sum.item<float>() < TARGET_LOSS) {
            iter += 1;
            break;
        }

        iter += 1;
    }

    std::cout << "\nTraining stopped." << std::endl;
    std::cout << "Final iter=" << iter - 1 << std::endl;
    std::cout << "final loss: " << std::setprecision(7) << loss_sum.item<float>() << std::endl;

    return 0;
}
