// A correct mixed-precision training program: autocast around the forward pass and the loss,
// backward and the scaler outside it, clipping after unscale_. Expect no findings.
#include <torch/torch.h>
#include <ampify/amp.h>


// A scaler with GradScaler's shape (runtime/include/ampify/grad_scaler.h).
struct Scaler {
  torch::Tensor scale(const torch::Tensor &loss);
  void unscale_(torch::optim::Optimizer &optimizer);
  bool step(torch::optim::Optimizer &optimizer);
  void update();
};

struct NetImpl : torch::nn::Module {
  NetImpl() : fc1(64, 128), fc2(128, 16), norm(std::vector<int64_t>{128}) {}
  torch::Tensor forward(torch::Tensor x) {
    auto h = torch::relu(fc1(x));
    h = norm(h);
    auto scores = torch::matmul(h, h.transpose(0, 1));
    auto masked = scores.masked_fill(scores < 0, -1e4);
    auto probs = torch::softmax(masked, -1);
    auto safe = torch::log(probs + 1e-8);  // softmax runs in fp32 under autocast
    return fc2(h) + safe.sum();
  }
  torch::nn::Linear fc1, fc2;
  torch::nn::LayerNorm norm;
};
TORCH_MODULE(Net);

void train(Net model, torch::Tensor x, torch::Tensor y) {
  torch::optim::AdamW optimizer(model->parameters(), torch::optim::AdamWOptions(1e-3).eps(1e-8));
  Scaler scaler;
  for (int epoch = 0; epoch < 10; ++epoch) {
    optimizer.zero_grad();
    torch::Tensor loss;
    {
      ampify::Autocast autocast;
      auto out = model->forward(x);
      loss = torch::mse_loss(out, y);
    }
    scaler.scale(loss).backward();
    scaler.unscale_(optimizer);
    torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
    scaler.step(optimizer);
    scaler.update();
  }
}
