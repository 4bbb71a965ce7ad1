#include <torch/torch.h>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <vector>
#include <unistd.h>

#include <types.hpp>
#include <pinn/helper.hpp>
#include <pinn/pinn.hpp>
#include <pinn/types.hpp>
#include <pinn/dataset.hpp>
#include <pinn/train.hpp>

Integer
  main( Integer argc, Char ** argv)
{
  torch::manual_seed(0);

  constexpr maintype tol {1E-1};
  size_type adam_steps {300};
  constexpr size_type closure_steps {150};
  final_project::PINN::Dimension Dimension {final_project::PINN::Dimension::PINN_2D};
  Integer opt {0};

  while ((opt = getopt(argc, argv, "HhD:d:N:n:")) != -1)  // Command Line Arguments
  {
switch (opt)
{
  case 'N': case 'n':
    adam_steps = static_cast<size_type>(std::atoi(optarg));
    break;
  case 'H': case 'h':
    final_project::PINN::helper_message();
    exit(EXIT_FAILURE);
  case 'D': case 'd':
    Dimension = final_project::PINN::getDimensionfromString(optarg);
    break;
  default:
    std::cerr << "Invalid option: -" << static_cast<Char>(opt) << "\n";
    exit(EXIT_FAILURE);
}
  }

  torch::Device device { torch::cuda::is_available() ? torch::kCUDA : torch::kCPU };
  size_type nx {NX}, ny {NY}, nz {NZ};
  Integer numDim {0};
  final_project::PINN::dataset dataset;

  switch (Dimension)
  {
    case final_project::PINN::Dimension::PINN_2D:
      numDim = IN_SIZE_2D;
      dataset = final_project::PINN::dataset(nx, ny, device);
      break;
    case final_project::PINN::Dimension::PINN_3D:
      numDim = IN_SIZE_3D;
      dataset = final_project::PINN::dataset(nx, ny, nz, device);
      break;
    default:
      final_project::PINN::helper_message();
      exit(EXIT_FAILURE);
  }

  Integer nfreq {NUM_FREQ};
  final_project::PINN::fit_frequencies(nfreq, Dimension);

  auto net { final_project::PINN::HeatPINN(numDim, OUT_SIZE, std::vector<Integer>{64, 50, 50}, nfreq) };
  net->to(device);

  // test points: a finer grid than the training one
  final_project::PINN::dataset testset = (numDim == IN_SIZE_2D)
    ? final_project::PINN::dataset(41, 41, device)
    : final_project::PINN::dataset(21, 21, 21, device);
  auto rel_l2 = [&]() {
    torch::NoGradGuard no_grad;
    auto X = torch::cat({testset.X_internal.detach(), testset.X_boundary}, 0);
    auto pred = net->forward(X);
    auto truth = testset.exact(X);
    return ((pred - truth).norm() / (truth.norm() + 1e-12)).item<maintype>();
  };
  const maintype err_before = rel_l2();

  auto start = std::chrono::high_resolution_clock::now();
  maintype loss = final_project::PINN::train_adam(net, dataset, device, adam_steps, 3E-3);
  const maintype err_adam = rel_l2();
  loss = final_project::PINN::train_closure(net, dataset, device, closure_steps, tol);
  auto end = std::chrono::high_resolution_clock::now();

  std::chrono::duration<double, std::milli> duration = end - start;
  std::cout << "Execution time: " << duration.count() << " ms" << std::endl;
  std::cout << "final loss: " << loss << std::endl;
  std::cout << "test metric: relative L2 error on " << testset.X_internal.size(0) + testset.X_boundary.size(0)
            << " test points = " << rel_l2() << " (after the Adam phase " << err_adam
            << ", untrained " << err_before << ")" << std::endl;
  return 0;
}
