#include "main_functions.hpp"

#include "synthetic_images.hpp"
#include "timer.hpp"
#include "vae.hpp"

#include <algorithm>
#include <iostream>
#include <random>
#include <sstream>

constexpr int64_t kHiddenDim = 30;

float train(const std::string & input_dir)
{
  // The original globs input_dir and reads each file with cv::imread.
  const std::vector<utils::Image> files = utils::make_images(1024, 0);
  std::vector<torch::Tensor> data_vector;
  for (const utils::Image & image : files) {
    torch::Tensor tensor =
      torch::from_blob(
        const_cast<uint8_t *>(image.data.data()), {image.rows, image.cols, image.channels},
        torch::kByte)
        .clone();
    tensor = tensor.to(torch::kFloat32);
    tensor /= 255;
    tensor = tensor.permute({2, 0, 1});
    tensor = tensor.contiguous();
    data_vector.push_back(tensor);
  }
  std::cout << "input: " << input_dir << " (" << data_vector.size() << " images)" << std::endl;

  VAE vae(kHiddenDim);

  std::cout << "time\tepoch\tstep\trecon_loss\tkl_loss" << std::endl;
  std::cout << std::fixed;

  Timer timer;
  timer.start();

  torch::optim::Adam optimizer(vae->parameters(), torch::optim::AdamOptions(1e-3));

  constexpr int64_t kEpochs = 12;
  constexpr int64_t kBatchSize = 512;
  std::mt19937 engine(0);
  const int64_t data_num = data_vector.size();
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  vae->to(device);

  float last_loss = 0.0f;
  for (int64_t epoch = 1; epoch <= kEpochs; epoch++) {
    std::shuffle(data_vector.begin(), data_vector.end(), engine);
    for (int64_t i = 0; i < data_num; i += kBatchSize) {
      const int64_t step = i / kBatchSize + 1;
      std::vector<torch::Tensor> batch(
        data_vector.begin() + i, data_vector.begin() + std::min(i + kBatchSize, data_num));

      torch::Tensor x = torch::stack(batch, 0).to(device);
      auto [mean, var] = vae->encode(x);
      torch::Tensor z = vae->sample(mean, var);
      torch::Tensor y = vae->decode(z);
      torch::Tensor kl_loss = -0.5 * (1 + torch::log(var) - mean.pow(2) - var).sum(1).mean(0);
      torch::Tensor recon_loss = torch::binary_cross_entropy(y, x, {}, torch::Reduction::Mean);
      torch::Tensor loss = kl_loss + recon_loss;

      optimizer.zero_grad();
      loss.backward();
      optimizer.step();
      std::stringstream ss;
      ss << std::fixed << timer.elapsed_time() << "\t" << epoch << "\t" << step << "\t"
         << recon_loss.item<float>() << "\t" << kl_loss.item<float>() << std::endl;
      std::cout << ss.str();
      last_loss = loss.item<float>();
    }
  }

  return last_loss;
}
