// AMPIFY: check --checks=-*,ampify-custom-function-under-autocast
#include <torch/torch.h>
#include <ampify/amp.h>


struct ScaleGrad : torch::autograd::Function<ScaleGrad> {
  static torch::Tensor forward(torch::autograd::AutogradContext *ctx, torch::Tensor x) { return x * 2; }
  static torch::autograd::variable_list backward(torch::autograd::AutogradContext *ctx,
                                                 torch::autograd::variable_list grads) {
    return {grads[0] * 2};
  }
};

void under_autocast(torch::nn::Linear fc, torch::Tensor x) {
  ampify::Autocast autocast;
  ScaleGrad::apply(fc(x));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: custom autograd Function applied under autocast with an input whose dtype autocast decides [ampify-custom-function-under-autocast]
  // CHECK-MESSAGES: :[[@LINE-2]]:20: note: cast the inputs explicitly
}

// Negative cases: outside a region, and with explicitly cast inputs.
void fine(torch::nn::Linear fc, torch::Tensor x) {
  ScaleGrad::apply(fc(x));
  ampify::Autocast autocast;
  ScaleGrad::apply(fc(x).to(torch::kFloat));
}

// ampify::run_in_fp32 runs the lambda with autocast off and its tensor arguments in fp32.
torch::Tensor through_run_in_fp32(torch::nn::Linear fc, torch::Tensor x) {
  ampify::Autocast autocast;
  return ampify::run_in_fp32([](torch::Tensor t) { return ScaleGrad::apply(t)[0]; }, fc(x));
}
