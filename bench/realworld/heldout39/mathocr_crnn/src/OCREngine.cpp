//
// MathOCR-style CRNN (VGG encoder + BiLSTM decoder) trained with CTC.
//

#include "OCREngine.h"
#include "utils.h"

#include <chrono>
#include <cmath>

namespace {
// synthetic "formula" images: each symbol is a fixed 8 x 12 glyph in its own slot
constexpr int64_t kGlyphWidth = 12;
constexpr int64_t kSlotWidth = 20;
} // namespace

DataSet::DataSet(const std::string &inputPath, size_t numSamples) {
  const std::string &vocab = vocabulary();
  const int64_t numSymbols = static_cast<int64_t>(vocab.size());
  torch::Tensor glyphs = (torch::rand({numSymbols, IMAGE_HEIGHT, kGlyphWidth}) > 0.5).to(torch::kFloat32);
  images.reserve(numSamples);
  labels.reserve(numSamples);
  for (size_t n = 0; n < numSamples; ++n) {
    int64_t len = 2 + torch::randint(0, MAX_LABEL_LEN - 1, {1}).item<int64_t>();
    torch::Tensor ids = torch::randint(0, numSymbols, {len}, torch::kLong);
    torch::Tensor img = torch::zeros({1, 1, IMAGE_HEIGHT, IMAGE_WIDTH});
    std::string label;
    for (int64_t k = 0; k < len; ++k) {
      int64_t id = ids[k].item<int64_t>();
      label.push_back(vocab[id]);
      int64_t x0 = 2 + k * kSlotWidth;
      img.index_put_({0, 0, torch::indexing::Slice(), torch::indexing::Slice(x0, x0 + kGlyphWidth)}, glyphs[id]);
    }
    img = img + 0.1 * torch::randn_like(img);
    images.push_back(img);
    labels.push_back(label);
  }
  std::cout << "DataSet(" << inputPath << "): " << images.size() << " images" << std::endl;
}

torch::data::Example<> DataSet::get(size_t idx) {
  torch::Tensor imageTensor = images[idx];
  torch::Tensor labelTensor = toTensor(labels[idx]);
  return {imageTensor, labelTensor};
}

EncoderImpl::EncoderImpl()
    : cnn(torch::nn::Conv2d(torch::nn::Conv2dOptions(1, 64, 3).padding({1, 1})),
          torch::nn::ReLU(torch::nn::ReLUOptions(true)),
          torch::nn::MaxPool2d(torch::nn::MaxPool2dOptions({2, 2})),
          torch::nn::Conv2d(torch::nn::Conv2dOptions(64, 128, 3).padding({1, 1})),
          torch::nn::ReLU(torch::nn::ReLUOptions(true)),
          torch::nn::MaxPool2d(torch::nn::MaxPool2dOptions({2, 2})),
          torch::nn::Conv2d(torch::nn::Conv2dOptions(128, 256, 3).padding({1, 1})),
          torch::nn::BatchNorm2d(torch::nn::BatchNorm2dOptions(256)),
          torch::nn::ReLU(torch::nn::ReLUOptions(true)),
          torch::nn::Conv2d(torch::nn::Conv2dOptions(256, 256, 3).padding({1, 1})),
          torch::nn::ReLU(torch::nn::ReLUOptions(true)),
          torch::nn::MaxPool2d(torch::nn::MaxPool2dOptions({1, 2})),
          torch::nn::Conv2d(torch::nn::Conv2dOptions(256, 512, 3).padding({1, 1})),
          torch::nn::BatchNorm2d(torch::nn::BatchNorm2dOptions(512)),
          torch::nn::ReLU(torch::nn::ReLUOptions(true)),
          torch::nn::Conv2d(torch::nn::Conv2dOptions(512, 512, 3).padding({1, 1})),
          torch::nn::MaxPool2d(torch::nn::MaxPool2dOptions({2, 1})),
          torch::nn::Conv2d(torch::nn::Conv2dOptions(512, 512, 3).padding({1, 1})),
          torch::nn::BatchNorm2d(torch::nn::BatchNorm2dOptions(512)),
          torch::nn::ReLU(torch::nn::ReLUOptions(true))) {
  register_module("cnn", cnn);

  const int64_t width = IMAGE_WIDTH;
  const int64_t height = IMAGE_HEIGHT;
  positionalEncoding = torch::zeros({512, width, height});
  torch::Tensor divTerm = torch::exp(torch::arange(0, 256, 2) * -log(10000 / 256));
  torch::Tensor posW = torch::arange(0, width).unsqueeze(1);
  torch::Tensor posH = torch::arange(0, height).unsqueeze(1);
  positionalEncoding.slice(0, 0, 256, 2) = torch::sin(posW * divTerm).transpose(0, 1).unsqueeze(2).repeat({1, 1, height});
  positionalEncoding.slice(0, 1, 256, 2) = torch::cos(posW * divTerm).transpose(0, 1).unsqueeze(2).repeat({1, 1, height});
  positionalEncoding.slice(0, 256, 512, 2) = torch::sin(posH * divTerm).transpose(0, 1).unsqueeze(1).repeat({1, width, 1});
  positionalEncoding.slice(0, 257, 512, 2) = torch::sin(posH * divTerm).transpose(0, 1).unsqueeze(1).repeat({1, width, 1});
}

torch::Tensor EncoderImpl::forward(torch::Tensor input) {
  return cnn->forward(input).squeeze(2).permute({2, 0, 1});
}

DecoderImpl::DecoderImpl(int64_t inputSize, int64_t hiddenSize, int64_t numLayers, int64_t numClasses)
    : lstm(torch::nn::LSTMOptions(inputSize, hiddenSize)
               .num_layers(numLayers)
               .bidirectional(true)),
      fc(torch::nn::LinearOptions(hiddenSize * 2, numClasses)) {
  register_module("lstm", lstm);
  register_module("fc", fc);
}

torch::Tensor DecoderImpl::forward(torch::Tensor input) {
  torch::Tensor h0 = torch::zeros({lstm->options.num_layers() * 2, input.size(1), lstm->options.hidden_size()}).to(DEVICE);
  torch::Tensor c0 = h0.clone();

  lstm->flatten_parameters();
  std::tuple<torch::Tensor, std::tuple<torch::Tensor, torch::Tensor>> lstmOut = lstm->forward(input, std::tuple<torch::Tensor, torch::Tensor>(h0, c0));
  torch::Tensor out = std::get<0>(lstmOut);
  torch::IntArrayRef sizes = out.sizes();
  out = fc->forward(out.view({sizes[0] * sizes[1], sizes[2]}));
  return out.view({sizes[0], sizes[1], -1});
}

OCREngineImpl::OCREngineImpl() : model(Encoder(), Decoder(512, 256, 2, 64)) {
  register_module("OCRModel", model);
}

torch::Tensor OCREngineImpl::forward(torch::Tensor input) {
  return model->forward(input);
}

double OCREngineImpl::train(const std::string &dataDirectory, size_t epoch, float learningRate) {
  model->train();
  DataSet dataset(dataDirectory, 160);
  namespace data = torch::data;
  auto dataLoader = data::make_data_loader<data::samplers::SequentialSampler>(std::move(dataset).map(data::transforms::Stack<>()), 32);

  auto start = std::chrono::high_resolution_clock::now();
  torch::optim::Adam optimizer(this->parameters(), learningRate);
  torch::nn::CTCLoss criterion;
  criterion->to(DEVICE);
  double epochLoss = 0.0;
  for (size_t i = 1; i <= epoch; ++i) {
    epochLoss = 0.0;
    size_t batches = 0;
    for (auto &batch: *dataLoader) {
      torch::Tensor data = batch.data.to(DEVICE);
      data = data.squeeze(1);
      optimizer.zero_grad();
      torch::Tensor prediction = forward(data);
      torch::Tensor logProbs = torch::nn::functional::log_softmax(prediction, torch::nn::functional::LogSoftmaxFuncOptions(2));
      torch::Tensor inputLengths = torch::full({prediction.size(1)}, prediction.size(0), torch::TensorOptions(torch::kLong)).to(DEVICE);
      torch::Tensor targetLengths = batch.target.ne(0).sum(1).to(DEVICE);
      torch::Tensor loss = criterion->forward(logProbs, batch.target.to(DEVICE), inputLengths, targetLengths);
      loss.backward();
      optimizer.step();
      epochLoss += loss.item<double>();
      ++batches;
      std::cout << "Epoch: " << epoch << " | Loss: " << loss.item<float>() << " | Duration: " << std::chrono::duration<double>(std::chrono::high_resolution_clock::now() - start).count() << std::endl;
    }
    epochLoss /= static_cast<double>(batches);
  }
  return epochLoss;
}

void OCREngineImpl::test(const std::string &dataDirectory) {
  DataSet dataset(dataDirectory, 64);
  namespace data = torch::data;
  auto data_loader = data::make_data_loader<data::samplers::SequentialSampler>(std::move(dataset)
                                                                                   .map(data::transforms::Stack<>()),
                                                                               64);
  size_t total = 0;
  size_t counter = 0;
  torch::NoGradGuard no_grad;
  model->eval();
  for (auto &batch: *data_loader) {
    batch.data.to(DEVICE);
    torch::Tensor output = forward(batch.data.squeeze(1).to(DEVICE));
    torch::Tensor prediction = std::get<1>(output.max(2)).transpose(1, 0).contiguous().to(torch::kCPU);
    std::vector<std::string> simPreds = toString(prediction);
    std::vector<std::string> targets = toString(batch.target);
    size_t outputLens = simPreds.size();
    for (size_t i = 0; i < outputLens; ++i) {
      total += targets[i].size();
      size_t len = std::min(simPreds[i].size(), targets[i].size());
      for (size_t j = 0; j < len; ++j)
        if (simPreds[i][j] == targets[i][j])
          ++counter;
    }
  }
  std::cout << counter << "/" << total << " characters correct" << std::endl;
}
