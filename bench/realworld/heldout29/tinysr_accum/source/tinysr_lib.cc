#include "tinysr_lib.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iostream>

#include "util_torch.h"

namespace p11 { namespace enhance {

// The training and test "folders": names of synthetic images drawn in memory (no files are read).
std::vector<std::string> getImageFilenames(const std::string& image_dir) {
  const int count = (image_dir == "synthetic_test") ? 2 : 12;
  std::vector<std::string> image_paths;
  for (int i = 0; i < count; ++i) {
    image_paths.push_back(image_dir + "_" + std::to_string(i) + ".png");
  }
  return image_paths;
}

// Stands for cv::imread: a 3 x H x W float image in [0, 1] drawn from the file name
// (smooth stripes and a disc, different per image).
torch::Tensor readSyntheticImage(const std::string& filename) {
  size_t h = std::hash<std::string>{}(filename);
  const double fx = 0.15 + (h % 7) * 0.05;
  const double fy = 0.10 + ((h / 7) % 5) * 0.06;
  const int rows = 64, cols = 64;
  auto ys = torch::arange(rows, torch::kFloat32).unsqueeze(1).expand({rows, cols});
  auto xs = torch::arange(cols, torch::kFloat32).unsqueeze(0).expand({rows, cols});
  auto r = 0.5 + 0.5 * torch::sin(xs * fx + ys * fy);
  auto g = 0.5 + 0.5 * torch::cos(xs * fy - ys * fx);
  const double cx = 16 + (h % 29), cy = 16 + ((h / 29) % 31);
  auto disc = ((xs - cx).pow(2) + (ys - cy).pow(2) < 100).to(torch::kFloat32);
  auto b = 0.3 + 0.6 * disc;
  return torch::stack({b, g, r}, 0).contiguous();
}

void augmentImage(const std::string mode, torch::Tensor& image) {
  if (mode == "none") return;

  if (mode == "gblur") {
    image = torch::avg_pool2d(image.unsqueeze(0), 3, 1, 1).squeeze(0);
  }

  if (mode == "mystery") {
    auto noise_image = torch::randn_like(image) * 0.03;
    image = torch::clamp(image + noise_image, 0, 1);
  }
}

float trainSuperResModel(const TinySuperResConfig& cfg) {
  torch::manual_seed(cfg.rng_seed);  // For reproducible initialization of weights
  srand(cfg.rng_seed);               // For calls to rand()
  const torch::DeviceType device = util_torch::findBestTorchDevice();
  // Encourage deterministic behavior with CUDA
#if defined(__linux__) || defined(_WIN32)
  if (device == torch::kCUDA) {
    at::globalContext().setDeterministicCuDNN(true);
    at::globalContext().setDeterministicAlgorithms(true, false);
  }
#endif

  const std::vector<std::string> train_image_filenames = getImageFilenames(cfg.train_images_dir);
  const int num_train_images = train_image_filenames.size();

  auto model = makeSuperResModelByName(cfg.model_name);
  if (!cfg.model_file.empty()) {
    std::cout << "Loading pretrained model: " << cfg.model_file << std::endl;
    torch::load(model, cfg.model_file);
  }
  model->to(device);
  model->eval();


  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(cfg.lr));

  double running_psnr = 0;

  float loss_moving_avg = 0;
  float last_loss = 0;
  torch::Tensor loss = torch::zeros({1}, torch::kFloat32).to(device);

  // TODO: adjust these to be better for SR. maybe once per 100k itrs?
  std::vector<int> milestones = {
    75000,
    150000,
    300000,
    400000,
    500000
  };

  for (int itr = 0; itr < cfg.num_itrs; ++itr) {
    applyLearningRateSchedule(optimizer, cfg.lr, itr, milestones, cfg.lr_decay);
    const int rand_img = rand() % num_train_images;
    std::string image_filename = train_image_filenames[rand_img];
    torch::Tensor image_hr = readSyntheticImage(cfg.train_images_dir + "/" + image_filename);

    // Crop a random patch from the image
    constexpr int kCropSize = 512;
    const int cols = image_hr.size(2), rows = image_hr.size(1);
    int max_x = std::max(0, cols - kCropSize);
    int max_y = std::max(0, rows - kCropSize);
    int x = rand() % (max_x + 1);
    int y = rand() % (max_y + 1);
    image_hr = image_hr.slice(2, x, x + std::min(512, cols - x)).slice(1, y, y + std::min(kCropSize, rows - y));

    // Make the low-res image (area resize, as cv::INTER_AREA)
    torch::Tensor image_lr = torch::nn::functional::interpolate(image_hr.unsqueeze(0),
      torch::nn::functional::InterpolateFuncOptions()
        .size(std::vector<int64_t>{int64_t(image_hr.size(1) / cfg.scale), int64_t(image_hr.size(2) / cfg.scale)})
        .mode(torch::kArea)).squeeze(0);

    // Corrupt the low resolution image
    augmentImage(cfg.augment, image_lr);

    torch::Tensor tensor_hr = image_hr.to(device);
    torch::Tensor tensor_lr = image_lr.to(device);
    torch::Tensor predicted_hr = model->forward(tensor_lr.unsqueeze(0)).squeeze(0);

    //loss += torch::mse_loss(predicted_hr, tensor_hr);
    loss += torch::l1_loss(predicted_hr, tensor_hr); // TODO: does this help?

    if (itr % cfg.batch_size == (cfg.batch_size - 1)) {
      loss.backward();
      optimizer.step();
      optimizer.zero_grad();
      loss /= cfg.batch_size;
      std::cout << itr << "\t" << loss.item<float>() << "\tpsnr: " << running_psnr << std::endl;

      loss_moving_avg = (itr == 0)
        ? loss.item<float>()
        : loss_moving_avg * 0.9 + loss.item<float>() * 0.1;
      last_loss = loss.item<float>();
      loss = torch::zeros({1}, torch::kFloat32).to(device);
    }

    if (itr % 1000 == 0 || itr == cfg.num_itrs - 1) {
      running_psnr = evalSuperResModel(cfg, model);
      // the original saves the model and a CPU copy here (torch::save): left out, no files written
    }
  }
  std::cout << "loss moving average: " << loss_moving_avg << std::endl;
  return last_loss;
}

double applyLearningRateSchedule(
  torch::optim::Optimizer& optimizer,
  double initial_lr,
  int current_iter,
  const std::vector<int>& milestones,
  double gamma // Learning rate decays by this factor each time we reach a milestone
){
  double curr_lr = initial_lr;
  for (int milestone : milestones) {
    if (current_iter >= milestone) {
      curr_lr *= gamma;
    }
  }

  for (auto& group : optimizer.param_groups()) {
    auto& options = static_cast<torch::optim::AdamOptions&>(group.options());
    options.lr(curr_lr);
  }

  return curr_lr;
}

// We run the SR model on very high res inputs, which can use prohibitive amounts of memory..
// NOTE: Hard-coded to a 2x scale factor
torch::Tensor tiledInference(
  const torch::Tensor& input,
  std::shared_ptr<Base_SuperResModel> model,
  int tile_size,
  int overlap
) {
  int scale_factor = 2;
  int channels = input.size(0);
  int input_height = input.size(1);
  int input_width = input.size(2);
  int output_height = input_height * scale_factor;
  int output_width = input_width * scale_factor;
  torch::Tensor output = torch::zeros({channels, output_height, output_width}, input.options());
  torch::Tensor weight = torch::zeros({1, output_height, output_width}, input.options());

  for (int y = 0; y < output_height; y += tile_size - overlap) {
    for (int x = 0; x < output_width; x += tile_size - overlap) {
      int end_y = std::min(y + tile_size, output_height);
      int end_x = std::min(x + tile_size, output_width);
      int start_y = std::max(0, end_y - tile_size);
      int start_x = std::max(0, end_x - tile_size);

      torch::Tensor input_tile = input.slice(1, start_y / scale_factor, end_y / scale_factor).slice(2, start_x / scale_factor, end_x / scale_factor);
      torch::Tensor output_tile = model->forward(input_tile.unsqueeze(0)).squeeze(0);

      // Create a weight mask for smooth blending
      torch::Tensor mask = torch::ones({1, end_y - start_y, end_x - start_x}, input.options());
      for (int i = 0; i < overlap; ++i) {
        float w = 0.5f * (1 - std::cos(M_PI * i / overlap));
        if (start_y > 0) mask.slice(1, i, i+1).fill_(w);
        if (end_y < output_height) mask.slice(1, -i-1, -i).fill_(w);
        if (start_x > 0) mask.slice(2, i, i+1).fill_(w);
        if (end_x < output_width) mask.slice(2, -i-1, -i).fill_(w);
      }

      output.slice(1, start_y, end_y).slice(2, start_x, end_x).add_(output_tile * mask);
      weight.slice(1, start_y, end_y).slice(2, start_x, end_x).add_(mask);
    }
  }

  // Normalize the output by the accumulated weights
  output.div_(weight.add(1e-8));
  return output;
}

double evalSuperResModel(
  const TinySuperResConfig& cfg,
  std::shared_ptr<Base_SuperResModel> model
) {
  torch::NoGradGuard no_grad;

  const std::vector<std::string> test_image_filenames = getImageFilenames(cfg.test_images_dir);
  const int num_test_images = test_image_filenames.size();
  if (num_test_images == 0) {
    return 0;
  }

  const torch::DeviceType device = util_torch::findBestTorchDevice();

  double ours_psnr_sum = 0;

  for (int i = 0; i < num_test_images; i++) {
    std::string image_filename = test_image_filenames[i];
    torch::Tensor image_hr = readSyntheticImage(cfg.test_images_dir + "/" + image_filename);

    torch::Tensor image_lr = torch::nn::functional::interpolate(image_hr.unsqueeze(0),
      torch::nn::functional::InterpolateFuncOptions()
        .size(std::vector<int64_t>{int64_t(image_hr.size(1) / cfg.scale), int64_t(image_hr.size(2) / cfg.scale)})
        .mode(torch::kArea)).squeeze(0);
    augmentImage(cfg.augment, image_lr); // For consistency with training

    int tile_size = 512;
    int overlap = 32;
    torch::Tensor tensor_lr = image_lr.to(device);
    torch::Tensor tensor_hr = image_hr.to(device);
    torch::Tensor predicted_hr = tiledInference(tensor_lr, model, tile_size, overlap);

    torch::Tensor loss = torch::mse_loss(predicted_hr, tensor_hr);
    const double psnr = 20.0 * std::log10(1.0 / std::sqrt(loss.item<float>()));
    ours_psnr_sum += psnr;
  }

  const double avg_psnr = ours_psnr_sum / num_test_images;
  std::cout << "Average PSNR over " << num_test_images << " images: " << avg_psnr << std::endl;
  return avg_psnr;
}

}}  // end namespace p11::enhance
