// AMPIFY: check --checks=-*,ampify-variance-by-subtraction
#include <torch/torch.h>
#include <ampify/amp.h>

namespace F = torch::nn::functional;

// An SSIM: local means and second moments by a Gaussian window. Under CUDA autocast conv2d runs
// in fp16, so E[x*x] is rounded to 11 bits before the squared mean is taken from it.
torch::Tensor ssim(const torch::Tensor &img1, const torch::Tensor &img2, const torch::Tensor &window) {
  ampify::Autocast autocast;
  auto mu1 = F::conv2d(img1, window, F::Conv2dFuncOptions().padding(5).groups(3));
  auto mu2 = F::conv2d(img2, window, F::Conv2dFuncOptions().padding(5).groups(3));
  auto mu1_sq = mu1.pow(2);
  auto mu1_mu2 = mu1 * mu2;
  auto sigma1_sq = F::conv2d(img1 * img1, window, F::Conv2dFuncOptions().padding(5).groups(3)) - mu1_sq;
  // CHECK-MESSAGES: :[[@LINE-1]]:96: warning: a variance computed as E[x*y] - E[x]*E[y] loses its digits under autocast: `conv2d` of a product is fp16, rounded before the subtraction, and where the variance is small beside the squared mean the difference is noise and can turn negative; compute the moments in fp32 (an ampify::AutocastDisabled scope with the inputs cast .to(torch::kFloat)), or the centred form E[(x - E[x])^2] [ampify-variance-by-subtraction]
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: the product of first moments it is taken from
  auto sigma12 = F::conv2d(img1 * img2, window, F::Conv2dFuncOptions().padding(5).groups(3)) - mu1_mu2;
  // CHECK-MESSAGES: :[[@LINE-1]]:94: warning: a variance computed as E[x*y] - E[x]*E[y] loses its digits under autocast: `conv2d` of a product is fp16
  // CHECK-MESSAGES: :[[@LINE-6]]:18: note: the product of first moments it is taken from
  return (2 * sigma12 + 0.0009) / (sigma1_sq + 0.0009);
}

// A hand-written layer norm over a Linear output, with the second moment in a variable, on the
// CPU: bf16.
torch::Tensor normalise(torch::nn::Linear proj, const torch::Tensor &x) {
  ampify::Autocast autocast(c10::kCPU);
  auto h = proj(x);
  auto mean = h.mean({-1}, true);
  auto second = (h * h).mean({-1}, true);
  auto var = second - mean.square();
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: a variance computed as E[x*y] - E[x]*E[y] loses its digits under autocast: `mean` of a product is bf16
  // CHECK-MESSAGES: :[[@LINE-3]]:17: note: the second moment, `mean` of a product
  return (h - mean) * torch::rsqrt(var + 1e-5);
}

// Negative cases.
torch::Tensor not_flagged(torch::nn::Linear proj, const torch::Tensor &x, const torch::Tensor &window) {
  // Outside autocast everything is fp32.
  auto m = F::conv2d(x, window);
  auto fp32_var = F::conv2d(x * x, window) - m * m;
  ampify::Autocast autocast;
  auto h = proj(x);
  auto mean = h.mean({-1}, true);
  // The centred form: no second moment taken from a rounded mean.
  auto centred = ((h - mean) * (h - mean)).mean({-1}, true);
  // A difference of two means that are not moments of one another.
  auto shift = h.mean({-1}, true) - mean;
  // A second moment minus something that is not a product of means.
  auto offset = (h * h).mean({-1}, true) - h;
  // Autocast off around the moments: fp32.
  torch::Tensor exact;
  {
    ampify::AutocastDisabled fp32;
    auto hf = h.to(torch::kFloat);
    auto mf = hf.mean({-1}, true);
    exact = (hf * hf).mean({-1}, true) - mf * mf;
  }
  return fp32_var + centred + shift + offset + exact;
}
