#include "DimensionReductionModel.h"

#ifdef TTK_ENABLE_TORCH

#include <iterator>
#include <regex>
#include <sstream>
#include <vector>

ttk::AutoEncoder::AutoEncoder(int inputDim, int latentDim, const std::string &layersDescription,
                              const std::string &activation, bool useBN) {

  std::istringstream iss(layersDescription);
  const std::vector<std::string> hiddenDimsParsed(std::istream_iterator<std::string>{iss},
                                                  std::istream_iterator<std::string>());
  std::vector<unsigned> dims(1, inputDim);
  for (const std::string &s : hiddenDimsParsed)
    dims.push_back(std::stoi(s));
  dims.push_back(latentDim);

  const int n = dims.size() - 1;
  encoder = torch::nn::Sequential(torch::nn::Linear(dims[0], dims[1]));
  decoder = torch::nn::Sequential(torch::nn::Linear(dims[n], dims[n-1]));
  for (unsigned i = 1; i < dims.size() - 1; ++i) {
    if (activation == "ReLU") {
      encoder->push_back(torch::nn::ReLU());
      decoder->push_back(torch::nn::ReLU());
    } else if (activation == "Tanh") {
      encoder->push_back(torch::nn::Tanh());
      decoder->push_back(torch::nn::Tanh());
    }
    if (useBN) {
      encoder->push_back(torch::nn::BatchNorm1d(dims[i]));
      decoder->push_back(torch::nn::BatchNorm1d(dims[n-i]));
    }
    encoder->push_back(torch::nn::Linear(dims[i], dims[i+1]));
    decoder->push_back(torch::nn::Linear(dims[n-i], dims[n-(i+1)]));
  }
  register_module("encoder", encoder);
  register_module("decoder", decoder);
}

bool ttk::AutoEncoder::isStringValid(const std::string &s) {
  return std::regex_match(s, std::regex("([0-9]+( )*)*"));
}

ttk::AutoDecoder::AutoDecoder(int inputDim, int inputSize, int latentDim, const std::string &layersDescription,
                              const std::string &activation, bool useBN) {

  std::istringstream iss(layersDescription);
  const std::vector<std::string> hiddenDimsParsed(std::istream_iterator<std::string>{iss},
                                                  std::istream_iterator<std::string>());
  std::vector<unsigned> dims(1, inputDim);
  for (const std::string &s : hiddenDimsParsed)
    dims.push_back(std::stoi(s));
  dims.push_back(latentDim);

  latent = torch::rand({inputSize, latentDim});

  const int n = dims.size() - 1;
  decoder = torch::nn::Sequential(torch::nn::Linear(dims[n], dims[n-1]));
  for (unsigned i = 1; i < dims.size() - 1; ++i) {
    if (activation == "ReLU")
      decoder->push_back(torch::nn::ReLU());
    else if (activation == "Tanh")
      decoder->push_back(torch::nn::Tanh());
    if (useBN)
      decoder->push_back(torch::nn::BatchNorm1d(dims[n-i]));
    decoder->push_back(torch::nn::Linear(dims[n-i], dims[n-(i+1)]));
  }
  register_parameter("latent", latent, true);
  register_module("decoder", decoder);
}

ttk::DirectOptimization::DirectOptimization(int inputSize, int latentDim) {
  latent = torch::rand({inputSize, latentDim});
  register_parameter("latent", latent, true);
}

#endif
