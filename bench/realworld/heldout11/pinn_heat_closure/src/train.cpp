///
/// @file train.cpp
/// @brief The two training phases: plain Adam steps, then Adam stepped with a closure
///

#include <iomanip>
#include <iostream>
#include <pinn/train.hpp>

namespace final_project { namespace PINN {

maintype train_adam(HeatPINN & net, dataset & data, torch::Device & device, size_type nsteps, maintype lr)
{
  torch::optim::Adam adam_optim( net->parameters(), torch::optim::AdamOptions(lr) );
  torch::Tensor loss_sum;

  for (size_type iter = 1; iter <= nsteps; ++iter)
  {
    adam_optim.zero_grad();
    loss_sum = get_total_loss(net, data.X_internal, data.X_boundary, data.Y_boundary, device);
    loss_sum.backward();
    adam_optim.step();

    if (iter % 50 == 0)
      std::cout
        << "Adam iteration = " << std::setw(6) << iter << "\t"
        << "Loss = " << std::fixed << std::setprecision(6) << loss_sum.item<maintype>() << std::endl;
  }
  return loss_sum.item<maintype>();
}

maintype train_closure(HeatPINN & net, dataset & data, torch::Device & device, size_type nsteps, maintype tol)
{
  torch::optim::Adam adam_optim( net->parameters(), torch::optim::AdamOptions(3E-4) );
  torch::Tensor loss_sum;
  size_type iter {1};

  while (iter <= nsteps)
  {
    auto closure = [&](){
      adam_optim.zero_grad();

      loss_sum = get_total_loss(
        net, data.X_internal, data.X_boundary, data.Y_boundary, device);

      loss_sum.backward();

      return loss_sum;
    };

    adam_optim.step(closure);
    if (iter % 50 == 0)
    {
      std::cout
        << "Closure iteration = " << std::setw(6) << iter << "\t"
        << "Loss = " << std::fixed << std::setprecision(6) << loss_sum.item<maintype>() << "\t"
        << "Loss.Device.Type = " << loss_sum.device().type()
        << std::endl;
    }

    ++iter;
    if (loss_sum.item<maintype>() < tol)
      break;
  }
  return loss_sum.item<maintype>();
}

} // namespace PINN
} // namespace final_project
