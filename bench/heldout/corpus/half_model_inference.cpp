// fp16 inference: converting a trained model to half for serving is fine (no training).
#include <torch/torch.h>

#include <string>

struct EncoderImpl : torch::nn::Module {
  EncoderImpl() : body(register_module("body", torch::nn::Sequential(torch::nn::Linear(768, 768), torch::nn::Tanh()))) {}
  torch::Tensor forward(const torch::Tensor& x) { return body->forward(x); }
  torch::nn::Sequential body;
};
TORCH_MODULE(Encoder);

torch::Tensor serve(const std::string& checkpoint, const torch::Tensor& batch) {
  Encoder model;
  torch::load(model, checkpoint);
  model->eval();
  model->to(torch::kCUDA, torch::kHalf);
  torch::NoGradGuard no_grad;
  return model->forward(batch.to(torch::kCUDA, torch::kHalf));
}

void export_half(const std::string& in, const std::string& out) {
  Encoder model;
  torch::load(model, in);
  for (auto& p : model->parameters()) p.set_data(p.data().to(torch::kHalf));
  torch::save(model, out);
}
