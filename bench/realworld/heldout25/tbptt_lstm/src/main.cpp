#include <iostream>
#include <math.h>
#include <cmath>
#include <vector>
#include <chrono>

#include <algorithm>
#include <random>
#include <torch/torch.h>
#include "torch_lstm.h"
#include "experiment.h"
#include "digits.h"

using namespace torch::indexing;

int main(int argc, char *argv[]) {
  Experiment my_experiment = Experiment(argc, argv);

  std::cout << "Program started \n";

  std::mt19937 mt(my_experiment.get_int_param("seed"));
  torch::manual_seed(my_experiment.get_int_param("seed"));
  torch::set_num_threads(1);

  torch::Device device(torch::kCPU);
  if (torch::cuda::is_available())
    device = torch::Device(torch::kCUDA);
  std::cout << "Device: " << device << std::endl;

  DigitsDataset dataset = make_digits(2000, 7);

  int total_data_points = 2000;
  std::uniform_int_distribution<int> index_sampler(0, total_data_points - 1);


  std::vector<std::vector<float>> images;
  std::vector<std::vector<float>> targets;

  auto pred = torch::zeros({1}, torch::dtype(torch::kFloat32).requires_grad(true));
  auto h = torch::zeros({1,1,my_experiment.get_int_param("features")}, torch::kFloat32).to(device);
  auto c = torch::zeros({1,1,my_experiment.get_int_param("features")}, torch::kFloat32).to(device);
  auto state = std::make_tuple(h,c);
  auto state_temp = std::make_tuple(h,c);
  auto network = std::make_shared<LSTM>(28, my_experiment.get_int_param("features"));
  network->to(device);
  torch::optim::SGD opti(network->parameters(), my_experiment.get_float_param("step_size"));

  std::vector<torch::Tensor> list_of_observations;

  for(int counter = 0; counter < total_data_points; counter++){
    std::vector<float> x_temp;
    for(auto inner: dataset.training_images[counter]){
      x_temp.push_back(float(unsigned(inner)));
    }
    std::vector<float> y_temp;
    if (int(unsigned(dataset.training_labels[counter])) % 2 == 0)
      y_temp.push_back(1.0);
    else
      y_temp.push_back(0.0);
    y_temp.push_back(float(unsigned(dataset.training_labels[counter])));
    images.push_back(x_temp);
    targets.push_back(y_temp);
  }

  int ITI_steps = my_experiment.get_int_param("ITI");
  float running_error = 0.05;
  auto gamma = torch::zeros({1}, torch::dtype(torch::kFloat32).requires_grad(false));
  gamma.index({0}) = 0.8;
  gamma = gamma.to(device);

  std::cout << images.size() << " " << targets.size() << std::endl;
  int global_step = 0;
  std::vector<float> row_x;
  torch::Tensor row_x_tensor, old_row_x_tensor;
  std::vector<float> image_errors;
  float window_error = 0.0f;
  float first_window_error = -1.0f;
  auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < my_experiment.get_int_param("steps"); i++) {

    int index = index_sampler(mt);
    auto x = images[index];
    float y = targets[index][0];
    float image_error = 0.0f;
    int image_predictions = 0;

    for(int row = 0; row < 28 + ITI_steps; row ++){
      global_step += 1;
      if (global_step > 1){
        list_of_observations.push_back(row_x_tensor);
        old_row_x_tensor = row_x_tensor;
        row_x.clear();
      }

      for(int temp = row*28; temp < (row+1)*28; temp++){
        if(row < 28)
          row_x.push_back(x[temp]/256.0);
        else
          row_x.push_back(0.0);
      }
      row_x_tensor = torch::from_blob(row_x.data(), {static_cast<int64_t>(row_x.size())}, torch::kF32).clone().to(device);

      if (list_of_observations.size() == my_experiment.get_int_param("truncation")){
        auto x = list_of_observations[0].view({1,1,-1});
        std::tie(pred, state) = network->forward(x, state);
        state_temp = state;
        list_of_observations.erase(list_of_observations.begin()); //pop(0)
        x = torch::stack(list_of_observations).unsqueeze(/*dim=*/1);
        auto batch_pred = torch::zeros({my_experiment.get_int_param("truncation")},
                                       torch::dtype(torch::kFloat32).requires_grad(true));
        std::tie(batch_pred, state_temp) = network->forward(x, state_temp);
        pred = batch_pred.index({-1});

        auto next_pred = torch::zeros({1}, torch::dtype(torch::kFloat32).requires_grad(false));
        auto state_ignore_var = state;
        {
          torch::NoGradGuard no_grad;
          auto n_clone = network->clone();
          std::shared_ptr<LSTM> n_copy = std::dynamic_pointer_cast<LSTM>(n_clone);
          std::tie(next_pred, state_ignore_var) = n_copy->forward(row_x_tensor.detach().view({1,1,-1}), state_temp);
        }
        torch::Tensor target = torch::zeros({1}, device);
        if (row == 27)
          target = torch::Scalar(y) + gamma * next_pred.detach().item();
        else
          target = 0 + gamma * next_pred.detach().item();

        torch::Tensor return_target = torch::zeros({1}, device);
        if (row < 28)
          return_target = y*torch::pow(gamma, 27 - row);

        auto error = target - pred;
        auto return_error = (return_target - pred) * (return_target - pred);

        running_error = running_error*0.99 + 0.01*return_error.detach().item<float>();
        image_error += return_error.detach().item<float>();
        image_predictions += 1;
        network->decay_gradients(my_experiment.get_int_param("lambda") * gamma);
        (error * error).backward();
        opti.step();
        state = std::make_tuple(std::get<0>(state).detach(), std::get<1>(state).detach());
      }
    }
    if (image_predictions > 0) image_errors.push_back(image_error / image_predictions);
    if ((i + 1) % 20 == 0) {
      float sum = 0.0f;
      for (size_t k = image_errors.size() - 20; k < image_errors.size(); ++k) sum += image_errors[k];
      window_error = sum / 20.0f;
      if (first_window_error < 0.0f) first_window_error = window_error;
    }
    if(i % 20 == 0){
      std::cout << "Step = " << i << std::endl;
      std::cout << "Error= " << running_error << std::endl;
      auto end = std::chrono::steady_clock::now();
      std::cout << "Elapsed time in milliseconds for per steps: "
                << std::chrono::duration_cast<std::chrono::milliseconds>(end - start).count()
                << " ms" << std::endl;
      start = std::chrono::steady_clock::now();

    }
  }
  std::cout << "first window error: " << first_window_error << std::endl;
  std::cout << "final loss: " << window_error << std::endl;
}
