#include "training.h"

#include <iostream>

double trainApproximator(torch::nn::Sequential& nn, const AiConfig& cfg,
                         torch::Tensor cc_training, torch::Tensor vf_training)
{
    // Train the network
    torch::optim::RMSprop optimizer(nn->parameters(), cfg.optimizerStep);

    torch::Tensor vf_predict = torch::zeros_like(vf_training);
    torch::Tensor mse = torch::zeros_like(vf_training);

    std::size_t epoch = 1;
    double min_mse = 1.;
    for (; epoch <= cfg.maxIterations; ++epoch)
    {
        // Training
        optimizer.zero_grad();

        vf_predict = nn->forward(cc_training);

        auto vf_predict_grad = torch::autograd::grad(
            {vf_predict},
            {cc_training},
            {torch::ones_like(vf_training)},
            true,
            true
        );

        auto mse_data = torch::mse_loss(vf_predict, vf_training);

        auto mse_grad = torch::mse_loss(
            vf_predict_grad[0].norm(2, -1, true),
            torch::ones_like(vf_training)
        );

        mse = mse_data + mse_grad;

        mse.backward();
        optimizer.step();

        if (epoch % 50 == 0)
        {
            std::cout << "Epoch = " << epoch
                << ", Data MSE = " << mse_data.item<double>()
                << ", Grad MSE = " << mse_grad.item<double>()
                << ", Training MSE = " << mse.item<double>() << "\n";
        }

        if (mse.item<double>() < min_mse)
        {
            min_mse = mse.item<double>();
        }
        if (mse.item<double>() < cfg.epsilon)
        {
            break;
        }
    }
    std::cout << "RMSprop iterations: " << std::min(epoch, cfg.maxIterations) << ", min MSE = " << min_mse << std::endl;
    return mse.item<double>();
}

double refineApproximator(torch::nn::Sequential& nn, torch::Tensor cc_training,
                          torch::Tensor vf_training, int rounds)
{
    torch::optim::LBFGS lbfgs(nn->parameters(),
        torch::optim::LBFGSOptions(0.5).max_iter(10).line_search_fn("strong_wolfe"));
    double last = 0.0;
    for (int round = 0; round < rounds; ++round)
    {
        auto closure = [&]() -> torch::Tensor {
            lbfgs.zero_grad();
            auto vf_predict = nn->forward(cc_training);
            auto loss = torch::mse_loss(vf_predict, vf_training);
            loss.backward();
            return loss;
        };
        last = lbfgs.step(closure).item<double>();
    }
    std::cout << "L-BFGS rounds: " << rounds << ", data MSE = " << last << std::endl;
    return last;
}
