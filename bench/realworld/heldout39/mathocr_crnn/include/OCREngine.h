//
// MathOCR-style CRNN (VGG encoder + BiLSTM decoder) trained with CTC.
//

#ifndef MATHOCR_OCRENGINE_H
#define MATHOCR_OCRENGINE_H

#include <string>

#include <torch/torch.h>

extern const int INVALID_PARAMETER;
extern const int READ_ERROR;
extern const int PROCESSING_ERROR;

extern const torch::Device DEVICE;

extern const int64_t IMAGE_HEIGHT;
extern const int64_t IMAGE_WIDTH;
extern const int64_t MAX_LABEL_LEN;

class DataSet : public torch::data::datasets::Dataset<DataSet> {
public:
  DataSet(const std::string &inputPath, size_t numSamples);
  torch::data::Example<> get(size_t idx) override;
  torch::data::Example<> operator[](size_t idx) { return get(idx); }
  torch::optional<size_t> size() const override { return images.size(); }

private:
  std::vector<torch::Tensor> images;
  std::vector<std::string> labels;
};

//VGG16 + 2D Positional Encoding
class EncoderImpl : public torch::nn::Module {
public:
  EncoderImpl();
  torch::Tensor forward(torch::Tensor input);

private:
  torch::nn::Sequential cnn;
  torch::Tensor positionalEncoding;
};
TORCH_MODULE(Encoder);

class DecoderImpl : public torch::nn::Module {
public:
  DecoderImpl(int64_t inputSize, int64_t hiddenSize, int64_t numLayers, int64_t numClasses);
  torch::Tensor forward(torch::Tensor input);

private:
  torch::nn::LSTM lstm{nullptr};
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Decoder);

class OCREngineImpl : public torch::nn::Module {
public:
  OCREngineImpl();
  torch::Tensor forward(torch::Tensor input);

  double train(const std::string &dataDirectory, size_t epoch, float learningRate);
  void test(const std::string &dataDirectory);

private:
  torch::nn::Sequential model;
};
TORCH_MODULE(OCREngine);

#endif//MATHOCR_OCRENGINE_H
