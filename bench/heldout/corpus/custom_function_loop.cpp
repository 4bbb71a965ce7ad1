// Gradient-reversal layer (domain adaptation), implemented as a custom autograd function and
// called from the model's forward; the fp32 training loop has not been migrated yet.
#include <torch/torch.h>

struct GradReverse : torch::autograd::Function<GradReverse> {
  static torch::Tensor forward(torch::autograd::AutogradContext* ctx, torch::Tensor x, double lambda) {
    ctx->saved_data["lambda"] = lambda;
    return x.view_as(x);
  }
  static torch::autograd::variable_list backward(torch::autograd::AutogradContext* ctx,
                                                 torch::autograd::variable_list grads) {
    return {-ctx->saved_data["lambda"].toDouble() * grads[0], torch::Tensor()};
  }
};

struct DannImpl : torch::nn::Module {
  DannImpl()
      : feat(register_module("feat", torch::nn::Linear(512, 256))),
        label_head(register_module("label_head", torch::nn::Linear(256, 10))),
        domain_head(register_module("domain_head", torch::nn::Linear(256, 2))) {}

  std::pair<torch::Tensor, torch::Tensor> forward(const torch::Tensor& x, double lambda) {
    auto f = torch::relu(feat(x));
    auto reversed = GradReverse::apply(f, lambda); // EXPECT: ampify-custom-function-under-autocast
    return {label_head(f), domain_head(reversed)};
  }

  torch::nn::Linear feat, label_head, domain_head;
};
TORCH_MODULE(Dann);

int main() {
  Dann model;
  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.01).momentum(0.9));
  for (int it = 0; it < 1000; ++it) {
    auto x = torch::randn({128, 512});
    auto y = torch::randint(0, 10, {128});
    auto d = torch::randint(0, 2, {128});
    opt.zero_grad();
    auto out = model->forward(x, 0.1);
    auto loss = torch::nn::functional::cross_entropy(out.first, y) +
                torch::nn::functional::cross_entropy(out.second, d);
    loss.backward();
    opt.step();
  }
}
