#include <algorithm>

#include "cyclegan.h"

namespace CycleGAN {

  namespace Models {

    using namespace torch::nn;

    Sequential createDiscriminator(int inChannels, int ndf, int numLayers) {
      /**
       * PatchGAN discriminator.
       *
       * @param inChannels Number of channels in the input images
       * @param ndf Number of filters in the first conv layer
       * @param numLayers Number of strided conv layers in the network
       */
      Sequential network;

      torch::ExpandingArray<2UL> kernel(4);
      int padding = 1;
      network->push_back(Conv2d(Conv2dOptions(inChannels, ndf, kernel).stride(2).padding(1)));
      network->push_back(LeakyReLU(LeakyReLUOptions().negative_slope(0.2).inplace(true)));

      int multiplier = 1, multiplierPrev = 1;
      for (int i = 1; i < numLayers; i++) {
        multiplierPrev = multiplier;
        multiplier = std::min(1 << i, 8);
        network->push_back(Conv2d(Conv2dOptions(ndf * multiplierPrev, ndf * multiplier, kernel).stride(2).padding(1)));
        network->push_back(InstanceNorm2d(ndf * multiplier));
        network->push_back(LeakyReLU(LeakyReLUOptions().negative_slope(0.2).inplace(true)));
      }

      multiplierPrev = multiplier;
      multiplier = std::min(1 << numLayers, 8);
      network->push_back(Conv2d(Conv2dOptions(ndf * multiplierPrev, ndf * multiplier, kernel).stride(1).padding(1)));
      network->push_back(InstanceNorm2d(ndf * multiplier));
      network->push_back(LeakyReLU(LeakyReLUOptions().negative_slope(0.2).inplace(true)));

      network->push_back(Conv2d(Conv2dOptions(ndf * multiplier, 1, kernel).stride(1).padding(padding)));

      return network;
    }

    Sequential createGenerator(int inChannels, int outChannels, int ngf, int numBlocks) {
      /**
       * ResNet generator: c7s1 encoder, two stride-2 downsamplings, residual blocks, two upsamplings.
       *
       * @param inChannels Number of channels of input image (3 for Color Image and 1 for Grayscale)
       * @param outChannels Number of channels of output image
       * @param ngf Number of filters in the first convolution layer
       * @param numBlocks Number of Residual blocks in the network.
       */
      Sequential network;
      /* ========== Encoder ========== */

      network->push_back(ReflectionPad2d(3));
      network->push_back(Conv2d(Conv2dOptions(inChannels, ngf, 7).padding(0).stride(1)));
      network->push_back(InstanceNorm2d(ngf));
      network->push_back(ReLU(true));

      int totalDownsamplingLayers = 2;
      int multiplier = 0;
      for (int i = 0; i < totalDownsamplingLayers; i++) {
        multiplier = 1 << i;
        int inFeatures = ngf * multiplier, outFeatures = ngf * multiplier * 2;
        network->push_back(Conv2d(Conv2dOptions(inFeatures, outFeatures, 3).stride(2).padding(1)));
        network->push_back(InstanceNorm2d(outFeatures));
        network->push_back(ReLU(true));
      }

      /* ========== Transformer ========== */
      multiplier = 1 << totalDownsamplingLayers;
      for (int i = 0; i < numBlocks; i++) {
        ResidualBlock block(ngf * multiplier);
        network->push_back(block);
      }

      /* ========== Decoder ========== */
      for (int i = 0; i < totalDownsamplingLayers; i++) {
        multiplier = 1 << (totalDownsamplingLayers - i);
        int inFeatures = ngf * multiplier, outFeatures = ngf * multiplier / 2;
        network->push_back(
            ConvTranspose2d(ConvTranspose2dOptions(inFeatures, outFeatures, 3).stride(2).padding(1).output_padding(1)));
        network->push_back(InstanceNorm2d(outFeatures));
        network->push_back(ReLU(true));
      }

      network->push_back(ReflectionPad2d(3));
      network->push_back(Conv2d(Conv2dOptions(ngf, outChannels, 7).padding(0)));
      network->push_back(Tanh());
      return network;
    }

    void setGrad(Sequential& network, bool requiresGrad) {
      for (auto& parameter : network->parameters()) {
        parameter.requires_grad_(requiresGrad);
      }
    }

  }  // namespace Models

  torch::Tensor ImagePool::getImages(const torch::Tensor& images) {
    if (poolSize == 0) {
      return images;
    }
    std::uniform_real_distribution<double> coin(0.0, 1.0);
    std::vector<torch::Tensor> selected;
    for (int64_t i = 0; i < images.size(0); ++i) {
      auto image = images[i].detach().clone();
      if (images_.size() < poolSize) {
        images_.push_back(image);
        selected.push_back(image);
      } else if (coin(rng) < 0.5) {
        std::uniform_int_distribution<size_t> pick(0, images_.size() - 1);
        const size_t slot = pick(rng);
        selected.push_back(images_[slot]);
        images_[slot] = image;
      } else {
        selected.push_back(image);
      }
    }
    return torch::stack(selected);
  }

  torch::Tensor sampleDomain(bool vertical, int batchSize, int height, int width, std::mt19937& rng) {
    std::uniform_real_distribution<double> frequency(0.3, 0.9), phase(0.0, 6.28), colour(-1.0, 1.0);
    auto coords = torch::arange(vertical ? width : height, torch::kFloat);
    std::vector<torch::Tensor> images;
    for (int b = 0; b < batchSize; ++b) {
      auto wave = torch::sin(coords * frequency(rng) + phase(rng));
      auto plane = vertical ? wave.view({1, width}).expand({height, width}) : wave.view({height, 1}).expand({height, width});
      auto rgb = torch::tensor({static_cast<float>(colour(rng)), static_cast<float>(colour(rng)), static_cast<float>(colour(rng))});
      images.push_back((0.5 * plane.unsqueeze(0) * rgb.view({3, 1, 1}) + 0.3 * rgb.view({3, 1, 1})).clamp(-1, 1));
    }
    return torch::stack(images);
  }

}  // namespace CycleGAN
