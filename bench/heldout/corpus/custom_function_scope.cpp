// A custom autograd function (scaled tanh with a hand-written backward) used in a model.
#include <torch/torch.h>
#include <ampify/amp.h>

using torch::autograd::AutogradContext;
using torch::autograd::variable_list;

struct ScaledTanh : public torch::autograd::Function<ScaledTanh> {
  static torch::Tensor forward(AutogradContext* ctx, torch::Tensor x, double scale) {
    auto y = torch::tanh(x * scale);
    ctx->save_for_backward({y});
    ctx->saved_data["scale"] = scale;
    return y;
  }
  static variable_list backward(AutogradContext* ctx, variable_list grad_out) {
    auto y = ctx->get_saved_variables()[0];
    double scale = ctx->saved_data["scale"].toDouble();
    return {grad_out[0] * scale * (1 - y * y), torch::Tensor()};
  }
};

torch::Tensor forward_amp(torch::nn::Linear& fc, const torch::Tensor& x) {
  ampify::Autocast autocast;
  auto h = fc(x);
  return ScaledTanh::apply(h, 2.0); // EXPECT: ampify-custom-function-under-autocast
}

torch::Tensor forward_amp_cast(torch::nn::Linear& fc, const torch::Tensor& x) {
  ampify::Autocast autocast;
  auto h = fc(x);
  return ScaledTanh::apply(h.to(torch::kFloat), 2.0);
}

torch::Tensor forward_amp_helper(torch::nn::Linear& fc, const torch::Tensor& x) {
  ampify::Autocast autocast;
  auto h = fc(x);
  return ampify::run_in_fp32([](const torch::Tensor& t) { return ScaledTanh::apply(t, 2.0); }, h);
}

torch::Tensor forward_fp32(torch::nn::Linear& fc, const torch::Tensor& x) {
  return ScaledTanh::apply(fc(x), 2.0);
}
