// Acceptance check of the *installed* ampify runtime, written as a user's project would be: it sees
// only <ampify/amp.h> and LibTorch, and links ampify::runtime through find_package(ampify). On the
// CPU and, where there is one, the GPU it checks the scale sequence and the skipped steps under
// injected infs/NaNs (hand-computed), checkpoint resume (plain and sync-free fused AdamW paths),
// the misuse errors, and the autocast dtypes. Exit status 0 only if every check passes.
#include <ampify/amp.h>

#include <torch/cuda.h>
#include <torch/nn/modules/linear.h>
#include <torch/optim/adamw.h>
#include <torch/optim/sgd.h>
#include <torch/serialize.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

namespace {

int failures = 0;

void check(bool ok, const std::string& what) {
  std::printf("%s %s\n", ok ? "ok  " : "FAIL", what.c_str());
  if (!ok) ++failures;
}

// `fn` must throw a c10::Error whose message contains `substr`.
void expect_error(const std::function<void()>& fn, const std::string& substr, const std::string& what) {
  try {
    fn();
  } catch (const c10::Error& e) {
    const bool ok = std::string(e.what()).find(substr) != std::string::npos;
    check(ok, what + (ok ? "" : std::string(" (message: ") + e.what_without_backtrace() + ")"));
    return;
  }
  check(false, what + " (no error)");
}

torch::nn::Linear make_model(torch::Device dev, int64_t seed = 0) {
  torch::manual_seed(seed);
  torch::nn::Linear m(4, 3);
  m->to(dev);
  return m;
}

torch::Tensor loss_at(torch::nn::Linear& m, int step, torch::Device dev) {
  torch::manual_seed(1000 + step);
  torch::Tensor x = torch::randn({8, 4}).to(dev);
  return m->forward(x).pow(2).mean();
}

void plant(torch::nn::Linear& m, int step) {
  torch::NoGradGuard ng;
  m->weight.mutable_grad()[0][0] =
      step % 2 ? std::numeric_limits<float>::quiet_NaN() : std::numeric_limits<float>::infinity();
}

template <class Opt>
constexpr bool fused = std::is_same_v<Opt, torch::optim::AdamW>;

// One iteration of the loop `ampify fix` emits, or of its sync-free fused AdamW form (which skips
// on the device and so cannot report a skip: it returns true).
template <class Opt>
bool iteration(torch::nn::Linear& m, Opt& opt, ampify::GradScaler& s, int step, torch::Device dev, bool bad) {
  opt.zero_grad();
  s.scale(loss_at(m, step, dev)).backward();
  if (bad) plant(m, step);
  bool stepped = true;
  if constexpr (fused<Opt>)
    s.fused_adamw_step(opt);
  else
    stepped = s.step(opt);
  s.update();
  return stepped;
}

const std::vector<int> BAD = {2, 3, 7};  // inf on even steps, NaN on odd ones

// growth_interval 3, init 1024: clean, clean, inf (x0.5), NaN (x0.5), 3 clean (x2 on the third),
// inf (x0.5), clean, clean.
template <class Opt>
void scale_sequence(torch::Device dev, const std::string& path) {
  auto m = make_model(dev);
  Opt opt = [&] {
    if constexpr (fused<Opt>)
      return Opt(m->parameters(), torch::optim::AdamWOptions(1e-2));
    else
      return Opt(m->parameters(), torch::optim::SGDOptions(0.1));
  }();
  ampify::GradScaler s(ampify::GradScalerOptions().init_scale(1024.0).growth_interval(3));
  const std::vector<double> want_scale = {1024, 1024, 512, 256, 256, 256, 512, 256, 256, 256};
  const std::vector<int64_t> want_tracker = {1, 2, 0, 0, 1, 2, 0, 0, 1, 2};
  bool scales = true, skips = true, frozen = true;
  for (int i = 0; i < 10; ++i) {
    const bool bad = std::find(BAD.begin(), BAD.end(), i) != BAD.end();
    torch::Tensor before = m->weight.detach().clone();
    const bool stepped = iteration(m, opt, s, i, dev, bad);
    skips = skips && (fused<Opt> || stepped == !bad);
    frozen = frozen && torch::equal(before, m->weight.detach()) == bad;
    scales = scales && s.get_scale() == want_scale[i] && s.get_growth_tracker() == want_tracker[i];
  }
  check(scales, path + ": scale and growth tracker follow the hand-computed sequence");
  if (!fused<Opt>) check(skips, path + ": step() reports exactly the inf/NaN steps as skipped");
  check(frozen, path + ": parameters are unchanged on skipped steps and change on the others");
  check(torch::isfinite(m->weight).all().item<bool>(), path + ": parameters stay finite");
}

// Save in mid-training (after a skipped step), load into fresh objects, continue: bit-identical to
// the uninterrupted run.
template <class Opt>
void checkpoint_resume(torch::Device dev, const std::string& path) {
  auto make_opt = [](torch::nn::Linear& m) {
    if constexpr (fused<Opt>)
      return Opt(m->parameters(), torch::optim::AdamWOptions(1e-2).weight_decay(0.1));
    else
      return Opt(m->parameters(), torch::optim::SGDOptions(0.05).momentum(0.9));
  };
  const auto opts = ampify::GradScalerOptions().init_scale(1024.0).growth_interval(3);
  auto run = [&](torch::nn::Linear& m, Opt& opt, ampify::GradScaler& s, int from, int to) {
    for (int i = from; i < to; ++i) iteration(m, opt, s, i, dev, i == 3 || i == 9);
  };
  auto a = make_model(dev);
  Opt oa = make_opt(a);
  ampify::GradScaler sa(opts);
  run(a, oa, sa, 0, 14);

  const std::string dir = (std::filesystem::temp_directory_path() / "ampify_consumer_").string();
  {
    auto b = make_model(dev);
    Opt ob = make_opt(b);
    ampify::GradScaler sb(opts);
    run(b, ob, sb, 0, 6);
    torch::save(b, dir + "model.pt");
    torch::save(ob, dir + "opt.pt");
    torch::save(sb, dir + "scaler.pt");
  }
  auto c = make_model(dev, 99);
  torch::load(c, dir + "model.pt");
  Opt oc = make_opt(c);
  torch::load(oc, dir + "opt.pt");
  ampify::GradScaler sc(opts);
  torch::load(sc, dir + "scaler.pt");
  run(c, oc, sc, 6, 14);
  check(torch::equal(a->weight.detach(), c->weight.detach()) && torch::equal(a->bias.detach(), c->bias.detach()),
        path + ": resumed run is bit-identical to the uninterrupted one");
  check(sa.get_scale() == sc.get_scale() && sa.get_growth_tracker() == sc.get_growth_tracker(),
        path + ": resumed scale and growth tracker equal the uninterrupted ones");
  for (const char* f : {"model.pt", "opt.pt", "scaler.pt"}) std::filesystem::remove(dir + f);
}

void misuse(torch::Device dev) {
  const std::string d = dev.str();
  auto m = make_model(dev);
  torch::optim::SGD opt(m->parameters(), torch::optim::SGDOptions(0.1));
  auto backward = [&](ampify::GradScaler& s) {
    opt.zero_grad();
    s.scale(loss_at(m, 0, dev)).backward();
  };
  {
    ampify::GradScaler s;
    expect_error([&] { s.step(opt); }, "call scaler.scale(loss)", d + ": step() before any scale()");
  }
  {
    ampify::GradScaler s;
    backward(s);
    s.unscale_(opt);
    expect_error([&] { s.unscale_(opt); }, "unscale_() has already been called", d + ": unscale_() twice");
    s.step(opt);
    expect_error([&] { s.step(opt); }, "step() has already been called", d + ": step() twice");
    s.update();
    backward(s);
    s.step(opt);
    backward(s);
    expect_error([&] { s.step(opt); }, "call scaler.update()", d + ": missing update()");
  }
  {
    ampify::GradScaler s;
    backward(s);
    m->weight.mutable_grad() = m->weight.grad().to(torch::kHalf);
    expect_error([&] { s.step(opt); }, "FP16 gradients", d + ": fp16 gradients");
  }
  {
    ampify::GradScaler s;
    backward(s);
    m->weight.mutable_grad() = m->weight.grad().to(torch::kInt);
    expect_error([&] { s.step(opt); }, "only floating-point gradients", d + ": integer gradients");
  }
  {
    ampify::GradScaler s;
    s.scale(torch::ones({}, torch::TensorOptions().device(dev)));
    torch::optim::SGD empty(std::vector<torch::Tensor>{}, torch::optim::SGDOptions(0.1));
    expect_error([&] { s.step(empty); }, "optimizer has no parameters", d + ": optimizer without parameters");
  }
  {
    const std::string p = (std::filesystem::temp_directory_path() / "ampify_consumer_opts.pt").string();
    ampify::save(ampify::GradScaler(ampify::GradScalerOptions().growth_interval(100)), p);
    ampify::GradScaler other(ampify::GradScalerOptions().growth_interval(200));
    ampify::load(other, p);  // as Python's load_state_dict: the checkpoint's options win
    check(other.options().growth_interval() == 100, d + ": loading a state saved with other options restores them");
    std::filesystem::remove(p);
  }
  if (dev.is_cuda()) {
    ampify::GradScaler s;
    s.scale(torch::ones({}));  // the scale now lives on the CPU
    opt.zero_grad();
    loss_at(m, 0, dev).backward();
    expect_error([&] { s.step(opt); }, "but the loss scale lives on cpu", d + ": scale on another device than the gradients");
    expect_error([] { ampify::Autocast a(ampify::AutocastOptions(c10::kCUDA).dtype(torch::kInt)); },
                 "not a valid autocast dtype on cuda", d + ": an autocast dtype cuda does not support");
  }
}

void autocast(torch::Device dev) {
  auto m = make_model(dev);
  torch::Tensor x = torch::ones({8, 4}, torch::TensorOptions().device(dev));
  const auto want = dev.is_cuda() ? torch::kHalf : torch::kBFloat16;
  torch::ScalarType inside;
  {
    ampify::Autocast a(dev.type());
    inside = m->forward(x).scalar_type();
  }
  check(inside == want && m->forward(x).scalar_type() == torch::kFloat,
        dev.str() + ": Linear under Autocast gives the device's autocast dtype, float outside");
}

}  // namespace

int main() {
  std::vector<torch::Device> devices{torch::kCPU};
  if (torch::cuda::is_available()) devices.emplace_back(torch::kCUDA, 0);
  for (const auto& dev : devices) {
    const std::string d = dev.str();
    autocast(dev);
    scale_sequence<torch::optim::SGD>(dev, d + " scaler.step");
    checkpoint_resume<torch::optim::SGD>(dev, d + " scaler.step");
    if (AMPIFY_HAS_FUSED_ADAMW && (dev.is_cuda() || AMPIFY_HAS_CPU_FUSED_ADAMW)) {
      scale_sequence<torch::optim::AdamW>(dev, d + " fused_adamw_step");
      checkpoint_resume<torch::optim::AdamW>(dev, d + " fused_adamw_step");
    } else {
      std::printf("skip %s fused_adamw_step: no fused AdamW kernel for it in LibTorch %d.%d\n", d.c_str(),
                  TORCH_VERSION_MAJOR, TORCH_VERSION_MINOR);
    }
    misuse(dev);
  }
  std::printf("ampify consumer: %s (%zu device%s)\n", failures ? "FAILED" : "all checks passed", devices.size(),
              devices.size() > 1 ? "s" : "");
  return failures ? 1 : 0;
}
