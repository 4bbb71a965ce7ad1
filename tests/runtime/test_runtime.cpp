// Tests of the ampify runtime (Autocast, GradScaler). CPU always; CUDA parts run where available.
#include <ampify/amp.h>

#include <gtest/gtest.h>
#include <torch/torch.h>

#if defined(AMPIFY_TEST_HAVE_C10_CUDA)
#include <c10/cuda/CUDAFunctions.h>
#endif

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

using torch::Tensor;

namespace {

// EXPECT that `stmt` throws c10::Error whose message contains `substr`.
#define EXPECT_THROW_MSG(stmt, substr)                                                   \
  do {                                                                                   \
    bool thrown_ = false;                                                                \
    try {                                                                                \
      stmt;                                                                              \
    } catch (const c10::Error& e_) {                                                     \
      thrown_ = true;                                                                    \
      EXPECT_NE(std::string(e_.what()).find(substr), std::string::npos)                  \
          << "message was: " << e_.what_without_backtrace();                             \
    }                                                                                    \
    EXPECT_TRUE(thrown_) << "expected c10::Error containing '" << substr << "'";         \
  } while (0)

std::vector<torch::Device> devices() {
  std::vector<torch::Device> d{torch::kCPU};
  if (torch::cuda::is_available()) d.emplace_back(torch::kCUDA, 0);
  return d;
}

bool bit_equal(const Tensor& a, const Tensor& b) {
  return a.sizes() == b.sizes() && a.scalar_type() == b.scalar_type() && torch::equal(a.cpu(), b.cpu());
}

// Sets (or, with nullptr, unsets) an environment variable of the runtime for one scope.
struct EnvGuard {
  explicit EnvGuard(const char* value, const char* name = "AMPIFY_DISABLE") : name_(name) {
    const char* old = std::getenv(name_);
    had_ = old != nullptr;
    if (had_) old_ = old;
    if (value)
      setenv(name_, value, 1);
    else
      unsetenv(name_);
  }
  ~EnvGuard() {
    if (had_)
      setenv(name_, old_.c_str(), 1);
    else
      unsetenv(name_);
  }
  const char* name_;
  bool had_ = false;
  std::string old_;
};

// A tiny model as plain leaf tensors: y = x @ w + b, loss = mean(y^2).
struct Tiny {
  Tensor w, b;
  explicit Tiny(torch::Device dev, int64_t seed = 0) {
    torch::manual_seed(seed);
    w = torch::randn({4, 3}).to(dev).requires_grad_(true);
    b = torch::randn({3}).to(dev).requires_grad_(true);
  }
  std::vector<Tensor> params() const { return {w, b}; }
  /// Overwrites the parameters with those saved (torch::save of params()) at `path`.
  void load_params(const std::string& path) {
    std::vector<Tensor> loaded;
    torch::load(loaded, path);
    torch::NoGradGuard ng;
    w.copy_(loaded[0]);
    b.copy_(loaded[1]);
  }
  Tensor loss(const Tensor& x) const { return (x.mm(w) + b).pow(2).mean(); }
};

Tensor batch(int64_t step, torch::Device dev) {
  torch::manual_seed(1000 + step);
  return torch::randn({8, 4}).to(dev);
}

}  // namespace

// ------------------------------------------------------------------------------------------------
// GradScaler
// ------------------------------------------------------------------------------------------------

TEST(GradScalerOptions, DefaultsAndValidation) {
  ampify::GradScalerOptions o;
  EXPECT_EQ(o.init_scale(), 65536.0);
  EXPECT_EQ(o.growth_factor(), 2.0);
  EXPECT_EQ(o.backoff_factor(), 0.5);
  EXPECT_EQ(o.growth_interval(), 2000);
  EXPECT_TRUE(o.enabled());
  EnvGuard env(nullptr);
  ampify::GradScaler s;
  EXPECT_TRUE(s.is_enabled());
  EXPECT_EQ(s.get_scale(), 65536.0);
  EXPECT_EQ(s.get_growth_tracker(), 0);
  EXPECT_THROW_MSG(ampify::GradScaler(ampify::GradScalerOptions().growth_factor(1.0)), "growth_factor");
  EXPECT_THROW_MSG(ampify::GradScaler(ampify::GradScalerOptions().backoff_factor(1.0)), "backoff_factor");
  EXPECT_THROW_MSG(ampify::GradScaler(ampify::GradScalerOptions().growth_interval(0)), "growth_interval");
}

TEST(GradScaler, ScaleMultipliesByScale) {
  EnvGuard env(nullptr);
  for (auto dev : devices()) {
    SCOPED_TRACE(dev.str());
    ampify::GradScaler s(ampify::GradScalerOptions().init_scale(1024.0));
    Tensor x = torch::tensor({1.5f, -2.0f}, torch::TensorOptions().device(dev));
    Tensor y = s.scale(x);
    EXPECT_TRUE(bit_equal(y, torch::tensor({1536.0f, -2048.0f})));
    EXPECT_EQ(s.scale_tensor().device(), dev);
    EXPECT_EQ(s.scale_tensor().scalar_type(), torch::kFloat);
    auto v = s.scale(std::vector<Tensor>{x, 2 * x});
    ASSERT_EQ(v.size(), 2u);
    EXPECT_TRUE(bit_equal(v[1], torch::tensor({3072.0f, -4096.0f})));
  }
}

TEST(GradScaler, UnscaleDividesExactly) {
  EnvGuard env(nullptr);
  for (auto dev : devices()) {
    SCOPED_TRACE(dev.str());
    // scale 3: inv_scale = float(1.0/3.0); each grad becomes g * inv_scale (in float).
    ampify::GradScaler s(ampify::GradScalerOptions().init_scale(3.0));
    Tiny m(dev);
    torch::optim::SGD opt(m.params(), torch::optim::SGDOptions(0.1));
    s.scale(torch::ones({}, torch::TensorOptions().device(dev)));
    std::vector<float> gw = {3.0f, 1.0f, -6.0f, 0.5f, 1e-3f, 7.0f, 9.0f, -1.0f, 2.0f, 3e4f, 4.0f, 5.0f};
    m.w.mutable_grad() = torch::tensor(gw).reshape({4, 3}).to(dev);
    m.b.mutable_grad() = torch::tensor({65536.0f, 3.0f, -3.0f}).to(dev);
    s.unscale_(opt);
    const float inv = static_cast<float>(1.0 / 3.0);
    std::vector<float> expect;
    for (float g : gw) expect.push_back(g * inv);
    EXPECT_TRUE(bit_equal(m.w.grad(), torch::tensor(expect).reshape({4, 3})));
    EXPECT_TRUE(bit_equal(m.b.grad(), torch::tensor({65536.0f * inv, 3.0f * inv, -3.0f * inv})));
    // power-of-two scale divides exactly
    ampify::GradScaler s2;  // 65536
    s2.scale(torch::ones({}, torch::TensorOptions().device(dev)));
    torch::optim::SGD opt2(m.params(), torch::optim::SGDOptions(0.1));
    m.w.mutable_grad() = torch::full({4, 3}, 65536.0f * 3.0f).to(dev);
    m.b.mutable_grad() = torch::full({3}, 1.0f).to(dev);
    s2.unscale_(opt2);
    EXPECT_TRUE(bit_equal(m.w.grad(), torch::full({4, 3}, 3.0f)));
    EXPECT_TRUE(bit_equal(m.b.grad(), torch::full({3}, 1.0f / 65536.0f)));
    EXPECT_TRUE(s2.step(opt2));
    s2.update();
    EXPECT_EQ(s2.get_scale(), 65536.0);
    EXPECT_EQ(s2.get_growth_tracker(), 1);
  }
}

TEST(GradScaler, InfOrNanSkipsStepAndBacksOff) {
  EnvGuard env(nullptr);
  for (auto dev : devices()) {
    for (float bad : {std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
                      std::numeric_limits<float>::quiet_NaN()}) {
      SCOPED_TRACE(dev.str() + " bad=" + std::to_string(bad));
      ampify::GradScaler s(ampify::GradScalerOptions().growth_interval(3));
      Tiny m(dev);
      torch::optim::SGD opt(m.params(), torch::optim::SGDOptions(0.1));
      // one clean step first: tracker 1
      s.scale(m.loss(batch(0, dev))).backward();
      EXPECT_TRUE(s.step(opt));
      s.update();
      EXPECT_EQ(s.get_growth_tracker(), 1);
      opt.zero_grad();
      s.scale(m.loss(batch(1, dev))).backward();
      {
        torch::NoGradGuard ng;
        m.b.mutable_grad()[1] = bad;  // one bad element in one gradient
      }
      Tensor w0 = m.w.detach().clone(), b0 = m.b.detach().clone();
      EXPECT_FALSE(s.step(opt));
      EXPECT_TRUE(bit_equal(m.w.detach(), w0));
      EXPECT_TRUE(bit_equal(m.b.detach(), b0));
      s.update();
      EXPECT_EQ(s.get_scale(), 32768.0);
      EXPECT_EQ(s.get_growth_tracker(), 0);
    }
  }
}

TEST(GradScaler, GrowsAfterGrowthIntervalCleanSteps) {
  EnvGuard env(nullptr);
  for (auto dev : devices()) {
    SCOPED_TRACE(dev.str());
    ampify::GradScaler s(ampify::GradScalerOptions().init_scale(8.0).growth_factor(3.0).growth_interval(3));
    Tiny m(dev);
    torch::optim::SGD opt(m.params(), torch::optim::SGDOptions(0.01));
    const double expect_scale[] = {8, 8, 24, 24, 24, 72};
    const int64_t expect_tracker[] = {1, 2, 0, 1, 2, 0};
    for (int i = 0; i < 6; ++i) {
      opt.zero_grad();
      s.scale(m.loss(batch(i, dev))).backward();
      EXPECT_TRUE(s.step(opt));
      s.update();
      EXPECT_EQ(s.get_scale(), expect_scale[i]) << "step " << i;
      EXPECT_EQ(s.get_growth_tracker(), expect_tracker[i]) << "step " << i;
    }
    // growth that would overflow float is not applied; the tracker still resets
    ampify::GradScaler big(ampify::GradScalerOptions().init_scale(3e38).growth_interval(1));
    big.scale(m.loss(batch(0, dev))).backward();
    big.step(opt);
    big.update();
    EXPECT_EQ(big.get_scale(), static_cast<double>(3e38f));
    EXPECT_EQ(big.get_growth_tracker(), 0);
    // explicit new scale
    big.scale(m.loss(batch(1, dev)));
    big.update(128.0);
    EXPECT_EQ(big.get_scale(), 128.0);
  }
}

TEST(GradScaler, OddFactorsFollowKernelArithmetic) {
  EnvGuard env(nullptr);
  for (auto dev : devices()) {
    SCOPED_TRACE(dev.str());
    // scale = float(scale * backoff) computed in double; growth likewise.
    ampify::GradScaler s(ampify::GradScalerOptions().init_scale(1000.0).growth_factor(1.7).backoff_factor(0.3)
                             .growth_interval(1));
    Tiny m(dev);
    torch::optim::SGD opt(m.params(), torch::optim::SGDOptions(0.0));
    float expect = 1000.0f;
    for (int i = 0; i < 6; ++i) {
      opt.zero_grad();
      s.scale(m.loss(batch(i, dev))).backward();
      const bool inject = (i % 3 == 1);
      if (inject) {
        torch::NoGradGuard ng;
        m.w.mutable_grad()[0][0] = std::numeric_limits<float>::infinity();
      }
      EXPECT_EQ(s.step(opt), !inject);
      s.update();
      expect = static_cast<float>(static_cast<double>(expect) * (inject ? 0.3 : 1.7));
      EXPECT_EQ(s.get_scale(), static_cast<double>(expect)) << "step " << i;
    }
  }
}

TEST(GradScaler, ReferencePathMatchesKernels) {
  // The tensor-op path (used for CPU on LibTorch < 2.3) against the ATen kernels, where present.
  for (auto dev : devices()) {
    SCOPED_TRACE(dev.str());
    if (!ampify::detail::has_amp_kernels(dev.type())) {
      std::printf("[ info ] no AMP kernels for %s in this LibTorch: reference path only\n", dev.str().c_str());
      continue;
    }
    torch::manual_seed(7);
    for (auto dtype : {torch::kFloat, torch::kDouble}) {
      std::vector<Tensor> a, b;
      for (int i = 0; i < 3; ++i) a.push_back((torch::randn({1000}) * 1e4).to(dev, dtype));
      a[1][17] = std::numeric_limits<float>::infinity();
      for (auto& t : a) b.push_back(t.clone());
      Tensor inv = torch::full({}, static_cast<float>(1.0 / 3000.0), torch::TensorOptions().device(dev));
      Tensor fa = torch::zeros({}, torch::TensorOptions().device(dev));
      Tensor fb = fa.clone();
      at::_amp_foreach_non_finite_check_and_unscale_(a, fa, inv);
      ampify::detail::non_finite_check_and_unscale_reference_(b, fb, inv);
      EXPECT_TRUE(bit_equal(fa, fb));
      EXPECT_EQ(fa.item<float>(), 1.0f);
      for (int i = 0; i < 3; ++i) EXPECT_TRUE(torch::equal(a[i].cpu().nan_to_num(), b[i].cpu().nan_to_num()));
    }
    if (dev.is_cpu()) {
      Tensor s1 = torch::full({}, 1000.0f), t1 = torch::zeros({}, torch::kInt);
      Tensor s2 = s1.clone(), t2 = t1.clone();
      for (int i = 0; i < 20; ++i) {
        Tensor f = torch::full({}, (i % 4 == 3) ? 1.0f : 0.0f);
        at::_amp_update_scale_(s1, t1, f, 1.37, 0.29, 2);
        ampify::detail::update_scale_reference_(s2, t2, f, 1.37, 0.29, 2);
        EXPECT_TRUE(bit_equal(s1, s2)) << i;
        EXPECT_TRUE(bit_equal(t1, t2)) << i;
      }
    }
  }
}

TEST(GradScaler, SeveralOptimizersOneUpdate) {
  EnvGuard env(nullptr);
  for (auto dev : devices()) {
    SCOPED_TRACE(dev.str());
    ampify::GradScaler s;
    Tiny m1(dev, 1), m2(dev, 2);
    torch::optim::SGD o1(m1.params(), torch::optim::SGDOptions(0.1));
    torch::optim::Adam o2(m2.params(), torch::optim::AdamOptions(0.1));
    Tensor x = batch(0, dev);
    s.scale(m1.loss(x) + m2.loss(x)).backward();
    {
      torch::NoGradGuard ng;
      m1.w.mutable_grad()[0][0] = std::numeric_limits<float>::quiet_NaN();
    }
    Tensor w1 = m1.w.detach().clone(), w2 = m2.w.detach().clone();
    EXPECT_FALSE(s.step(o1));  // its own grads are bad
    EXPECT_TRUE(s.step(o2));   // the other optimizer's are fine (as in Python)
    EXPECT_TRUE(bit_equal(m1.w.detach(), w1));
    EXPECT_FALSE(bit_equal(m2.w.detach(), w2));
    s.update();  // one update: any inf in the iteration backs off
    EXPECT_EQ(s.get_scale(), 32768.0);
    // next iteration both are READY again
    o1.zero_grad();
    o2.zero_grad();
    s.scale(m1.loss(x) + m2.loss(x)).backward();
    EXPECT_TRUE(s.step(o1));
    EXPECT_TRUE(s.step(o2));
    s.update();
    EXPECT_EQ(s.get_growth_tracker(), 1);
  }
}

TEST(GradScaler, MixedDtypeGradientsAreGrouped) {
  EnvGuard env(nullptr);
  for (auto dev : devices()) {
    SCOPED_TRACE(dev.str());
    ampify::GradScaler s(ampify::GradScalerOptions().init_scale(4.0));
    Tensor a = torch::zeros({3}, torch::TensorOptions().device(dev)).requires_grad_(true);
    Tensor d = torch::zeros({3}, torch::TensorOptions().device(dev).dtype(torch::kDouble)).requires_grad_(true);
    torch::optim::SGD opt({a, d}, torch::optim::SGDOptions(1.0));
    s.scale(torch::ones({}, torch::TensorOptions().device(dev)));
    a.mutable_grad() = torch::full({3}, 8.0f).to(dev);
    d.mutable_grad() = torch::full({3}, 2.0, torch::kDouble).to(dev);
    s.unscale_(opt);
    EXPECT_TRUE(bit_equal(a.grad(), torch::full({3}, 2.0f)));
    EXPECT_TRUE(bit_equal(d.grad(), torch::full({3}, 0.5, torch::kDouble)));
  }
}

TEST(GradScaler, MisuseErrors) {
  EnvGuard env(nullptr);
  for (auto dev : devices()) {
    SCOPED_TRACE(dev.str());
    auto opts = torch::TensorOptions().device(dev);
    Tiny m(dev);
    torch::optim::SGD opt(m.params(), torch::optim::SGDOptions(0.1));
    {
      ampify::GradScaler s;
      EXPECT_THROW_MSG(s.step(opt), "call scaler.scale(loss)");
      EXPECT_THROW_MSG(s.unscale_(opt), "call scaler.scale(loss)");
      EXPECT_THROW_MSG(s.update(), "call scaler.scale(loss)");
    }
    {
      ampify::GradScaler s;
      s.scale(m.loss(batch(0, dev))).backward();
      s.unscale_(opt);
      EXPECT_THROW_MSG(s.unscale_(opt), "unscale_() has already been called");
      EXPECT_TRUE(s.step(opt));
      EXPECT_THROW_MSG(s.step(opt), "step() has already been called");
      EXPECT_THROW_MSG(s.unscale_(opt), "call scaler.update()");
      EXPECT_THROW_MSG(s.step(opt, [&] { return m.loss(batch(0, dev)); }), "closure");
      s.update();
      EXPECT_THROW_MSG(s.update(), "no inf checks were recorded before update()");
    }
    {
      ampify::GradScaler s;
      s.scale(torch::ones({}, opts));
      opt.zero_grad();
      m.w.mutable_grad() = Tensor();
      m.b.mutable_grad() = Tensor();
      EXPECT_THROW_MSG(s.step(opt), "none of its parameters has a gradient");
    }
    {
      ampify::GradScaler s;
      s.scale(torch::ones({}, opts));
      m.w.mutable_grad() = torch::ones({4, 3}, opts.dtype(torch::kHalf));
      m.b.mutable_grad() = torch::ones({3}, opts);
      EXPECT_THROW_MSG(s.unscale_(opt), "FP16 gradients");
    }
    {
      ampify::GradScaler s;
      s.scale(torch::ones({}, opts));
      m.w.mutable_grad() = torch::ones({4, 3}, opts.dtype(torch::kInt));
      EXPECT_THROW_MSG(s.unscale_(opt), "only floating-point gradients");
    }
    if (dev.is_cpu()) {
      ampify::GradScaler s;
      s.scale(torch::ones({}, opts));
      m.w.mutable_grad() = torch::ones({4, 3}).to_sparse();
      EXPECT_THROW_MSG(s.unscale_(opt), "sparse gradients");
    }
    {
      ampify::GradScaler s;
      s.scale(torch::ones({}, opts));
      torch::optim::SGD empty(std::vector<Tensor>{}, torch::optim::SGDOptions(0.1));
      EXPECT_THROW_MSG(s.step(empty), "optimizer has no parameters");
    }
#if !AMPIFY_HAS_FUSED_ADAMW
    {
      ampify::GradScaler s;
      torch::optim::AdamW aw(m.params());
      s.scale(torch::ones({}, opts));
      EXPECT_THROW_MSG(s.fused_adamw_step(aw), "needs LibTorch >= 2.1");
    }
#endif
  }
}

TEST(GradScaler, ScaleOnOtherDeviceTypeThanGradients) {
  if (!torch::cuda::is_available()) GTEST_SKIP() << "needs CUDA";
  EnvGuard env(nullptr);
  ampify::GradScaler s;
  Tiny m(torch::Device(torch::kCUDA, 0));
  torch::optim::SGD opt(m.params(), torch::optim::SGDOptions(0.1));
  s.scale(torch::ones({}));  // scale created on cpu
  m.w.mutable_grad() = torch::ones({4, 3}, torch::kCUDA);
  EXPECT_THROW_MSG(s.unscale_(opt), "but the loss scale lives on cpu");
}

TEST(GradScaler, DisabledPassesThrough) {
  EnvGuard env(nullptr);
  ampify::GradScaler s(ampify::GradScalerOptions().enabled(false));
  EXPECT_FALSE(s.is_enabled());
  Tiny m(torch::kCPU);
  torch::optim::SGD opt(m.params(), torch::optim::SGDOptions(0.1));
  Tensor loss = m.loss(batch(0, torch::kCPU));
  Tensor scaled = s.scale(loss);
  EXPECT_TRUE(scaled.is_same(loss));
  scaled.backward();
  Tensor g = m.w.grad().clone();
  s.unscale_(opt);
  EXPECT_TRUE(bit_equal(m.w.grad(), g));
  Tensor w0 = m.w.detach().clone();
  EXPECT_TRUE(s.step(opt));
  EXPECT_TRUE(bit_equal(m.w.detach(), w0 - 0.1 * g));
  s.update();
  EXPECT_EQ(s.get_scale(), 1.0);
  EXPECT_EQ(s.get_growth_tracker(), 0);
}

TEST(GradScaler, CpuOnRequestIsOffOnTheCpuUnlessTheEnvironmentAsks) {
  EnvGuard env(nullptr);
  for (const char* unasked : {static_cast<const char*>(nullptr), "0"}) {
    EnvGuard cpu(unasked, "AMPIFY_CPU_AUTOCAST");
    ampify::GradScaler s(ampify::GradScalerOptions().cpu_on_request(true));
    EXPECT_TRUE(s.is_enabled()) << "decided at the first scale(), from its tensor's device";
    // Three steps under the scaler end bit for bit where three plain SGD steps do.
    Tiny scaled_model(torch::kCPU), plain_model(torch::kCPU);
    torch::optim::SGD scaled_opt(scaled_model.params(), torch::optim::SGDOptions(0.1));
    torch::optim::SGD plain_opt(plain_model.params(), torch::optim::SGDOptions(0.1));
    for (int i = 0; i < 3; ++i) {
      scaled_opt.zero_grad();
      Tensor loss = scaled_model.loss(batch(i, torch::kCPU));
      Tensor scaled = s.scale(loss);
      EXPECT_TRUE(scaled.is_same(loss));
      scaled.backward();
      s.unscale_(scaled_opt);
      EXPECT_TRUE(s.step(scaled_opt));
      s.update();
      plain_opt.zero_grad();
      plain_model.loss(batch(i, torch::kCPU)).backward();
      plain_opt.step();
    }
    EXPECT_FALSE(s.is_enabled());
    EXPECT_EQ(s.get_scale(), 1.0);
    EXPECT_TRUE(bit_equal(scaled_model.w.detach(), plain_model.w.detach()));
  }
  {
    // Asked for, it scales on the CPU as a scaler without the option does.
    EnvGuard asked("1", "AMPIFY_CPU_AUTOCAST");
    ampify::GradScaler s(ampify::GradScalerOptions().cpu_on_request(true));
    Tiny m(torch::kCPU);
    Tensor loss = m.loss(batch(0, torch::kCPU));
    EXPECT_TRUE(bit_equal(s.scale(loss), loss * 65536.0));
    EXPECT_TRUE(s.is_enabled());
    EXPECT_EQ(s.get_scale(), 65536.0);
  }
  // Without the option a scaler scales on the CPU whatever the environment says, as Python's does.
  ampify::GradScaler plain;
  Tiny m(torch::kCPU);
  Tensor loss = m.loss(batch(0, torch::kCPU));
  EXPECT_TRUE(bit_equal(plain.scale(loss), loss * 65536.0));
  EXPECT_TRUE(plain.is_enabled());
}

namespace {
// Trains Tiny with SGD+momentum under a scaler for steps [from, to); infs on steps 3 and 11.
void train(Tiny& m, torch::optim::SGD& opt, ampify::GradScaler& s, int from, int to, torch::Device dev) {
  for (int i = from; i < to; ++i) {
    opt.zero_grad();
    s.scale(m.loss(batch(i, dev))).backward();
    if (i == 3 || i == 11) {
      torch::NoGradGuard ng;
      m.w.mutable_grad()[1][1] = std::numeric_limits<float>::infinity();
    }
    s.step(opt);
    s.update();
  }
}
}  // namespace

TEST(GradScaler, CheckpointResumeIsBitExact) {
  EnvGuard env(nullptr);
  const std::string dir = ::testing::TempDir();
  for (auto dev : devices()) {
    SCOPED_TRACE(dev.str());
    auto opts = ampify::GradScalerOptions().init_scale(1024.0).growth_interval(4);
    auto sgd = torch::optim::SGDOptions(0.05).momentum(0.9);
    // uninterrupted
    Tiny a(dev);
    torch::optim::SGD oa(a.params(), sgd);
    ampify::GradScaler sa(opts);
    train(a, oa, sa, 0, 16, dev);
    // interrupted at step 9: save, rebuild everything, load, continue
    Tiny b(dev);
    torch::optim::SGD ob(b.params(), sgd);
    ampify::GradScaler sb(opts);
    train(b, ob, sb, 0, 9, dev);
    const std::string p = dir + "/ampify_ckpt_" + std::to_string(static_cast<int>(dev.type()));
    torch::save(b.params(), p + "_params.pt");
    torch::save(ob, p + "_opt.pt");
    torch::save(sb, p + "_scaler.pt");  // operator<< overload
    const double scale_at_save = sb.get_scale();
    const int64_t tracker_at_save = sb.get_growth_tracker();
    ASSERT_NE(tracker_at_save, 0) << "choose a save point with a non-zero tracker";

    Tiny c(dev, 99);  // different init, overwritten by load
    c.load_params(p + "_params.pt");
    torch::optim::SGD oc(c.params(), sgd);
    torch::load(oc, p + "_opt.pt");
    ampify::GradScaler sc(opts);
    ampify::load(sc, p + "_scaler.pt");  // file helper (before the scale exists)
    EXPECT_EQ(sc.get_scale(), scale_at_save);
    EXPECT_EQ(sc.get_growth_tracker(), tracker_at_save);
    train(c, oc, sc, 9, 16, dev);
    EXPECT_TRUE(bit_equal(a.w.detach(), c.w.detach()));
    EXPECT_TRUE(bit_equal(a.b.detach(), c.b.detach()));
    EXPECT_EQ(sa.get_scale(), sc.get_scale());
    EXPECT_EQ(sa.get_growth_tracker(), sc.get_growth_tracker());

    // load into a scaler whose scale already exists
    ampify::GradScaler sd(opts);
    sd.scale(torch::ones({}, torch::TensorOptions().device(dev)));
    torch::load(sd, p + "_scaler.pt");
    EXPECT_EQ(sd.get_scale(), scale_at_save);
    EXPECT_EQ(sd.get_growth_tracker(), tracker_at_save);

    // Other options are not an error: the checkpoint's are restored (Python's load_state_dict),
    // and the resumed run continues exactly as the uninterrupted one.
    ampify::GradScaler other(ampify::GradScalerOptions().init_scale(8.0).growth_interval(5).backoff_factor(0.25));
    ampify::load(other, p + "_scaler.pt");
    EXPECT_EQ(other.options().init_scale(), 1024.0);
    EXPECT_EQ(other.options().growth_interval(), 4);
    EXPECT_EQ(other.options().backoff_factor(), 0.5);
    EXPECT_EQ(other.get_scale(), scale_at_save);
    Tiny e(dev, 98);
    e.load_params(p + "_params.pt");
    torch::optim::SGD oe(e.params(), sgd);
    torch::load(oe, p + "_opt.pt");
    train(e, oe, other, 9, 16, dev);
    EXPECT_TRUE(bit_equal(a.w.detach(), e.w.detach()));
    EXPECT_EQ(sa.get_scale(), other.get_scale());
    EXPECT_EQ(sa.get_growth_tracker(), other.get_growth_tracker());
    // state from a disabled scaler
    ampify::GradScaler off(ampify::GradScalerOptions().enabled(false));
    ampify::save(off, p + "_off.pt");
    ampify::GradScaler on;
    EXPECT_THROW_MSG(ampify::load(on, p + "_off.pt"), "disabled GradScaler");
    std::remove((p + "_params.pt").c_str());
    std::remove((p + "_opt.pt").c_str());
    std::remove((p + "_scaler.pt").c_str());
    std::remove((p + "_off.pt").c_str());
  }
}

TEST(GradScaler, NestedArchiveRoundTrip) {
  EnvGuard env(nullptr);
  ampify::GradScaler s(ampify::GradScalerOptions().init_scale(7.0));
  s.scale(torch::ones({}));
  s.update(5.5);
  torch::serialize::OutputArchive outer, inner;
  s.save(inner);
  outer.write("scaler", inner);
  std::ostringstream os;
  outer.save_to(os);
  std::istringstream is(os.str());
  torch::serialize::InputArchive in_outer, in_inner;
  in_outer.load_from(is);
  in_outer.read("scaler", in_inner);
  ampify::GradScaler t(ampify::GradScalerOptions().init_scale(7.0));
  t.load(in_inner);
  EXPECT_EQ(t.get_scale(), 5.5);
}

namespace {
// The archive a scaler of format 1 (before the fused AdamW step counts were checkpointed) wrote for
// the same state as `in`: every key of format 2 except the fused step counts.
std::string as_format1(torch::serialize::InputArchive& in) {
  torch::serialize::OutputArchive out;
  out.write("ampify_grad_scaler_format", c10::IValue(static_cast<int64_t>(1)));
  c10::IValue v;
  for (const char* key : {"enabled", "init_scale", "growth_factor", "backoff_factor", "growth_interval"}) {
    in.read(key, v);
    out.write(key, v);
  }
  for (const char* key : {"scale", "growth_tracker"}) {
    Tensor t;
    in.read(key, t, /*is_buffer=*/true);
    out.write(key, t, /*is_buffer=*/true);
  }
  std::ostringstream os;
  out.save_to(os);
  return os.str();
}

void load_from_string(ampify::GradScaler& s, const std::string& bytes) {
  std::istringstream is(bytes);
  torch::serialize::InputArchive in;
  in.load_from(is);
  s.load(in);
}
}  // namespace

TEST(GradScaler, LoadsFormat1Archives) {
  EnvGuard env(nullptr);
  auto opts = ampify::GradScalerOptions().init_scale(64.0).growth_interval(5);
  ampify::GradScaler s(opts);
  s.scale(torch::ones({}));
  s.update(24.0);
  const std::string path = ::testing::TempDir() + "/ampify_format1.pt";
  ampify::save(s, path);
  torch::serialize::InputArchive in;
  in.load_from(path);
  ampify::GradScaler t(opts);
  load_from_string(t, as_format1(in));
  EXPECT_EQ(t.get_scale(), 24.0);
  EXPECT_EQ(t.get_growth_tracker(), 0);
  std::remove(path.c_str());
}

namespace {
// A scaler checkpoint with chosen values (default: a valid one), as other code or a damaged file
// could hold them.
struct ScalerFields {
  c10::IValue enabled = c10::IValue(true);
  c10::IValue init_scale = c10::IValue(1024.0), growth_factor = c10::IValue(2.0), backoff_factor = c10::IValue(0.5);
  c10::IValue growth_interval = c10::IValue(static_cast<int64_t>(4));
  Tensor scale = torch::full({}, 16.0f), growth_tracker = torch::full({}, 2, torch::kInt);
  std::string bytes() const {
    torch::serialize::OutputArchive out;
    out.write("ampify_grad_scaler_format", c10::IValue(static_cast<int64_t>(2)));
    out.write("enabled", enabled);
    out.write("init_scale", init_scale);
    out.write("growth_factor", growth_factor);
    out.write("backoff_factor", backoff_factor);
    out.write("growth_interval", growth_interval);
    out.write("scale", scale, /*is_buffer=*/true);
    out.write("growth_tracker", growth_tracker, /*is_buffer=*/true);
    out.write("fused_adamw_optimizers", c10::IValue(static_cast<int64_t>(0)));
    std::ostringstream os;
    out.save_to(os);
    return os.str();
  }
};
}  // namespace

TEST(GradScaler, LoadValidatesEveryFieldAndChangesNothingOnError) {
  EnvGuard env(nullptr);
  {
    ampify::GradScaler s;
    load_from_string(s, ScalerFields().bytes());  // the valid baseline loads
    EXPECT_EQ(s.get_scale(), 16.0);
    EXPECT_EQ(s.get_growth_tracker(), 2);
    EXPECT_EQ(s.options().growth_interval(), 4);
  }
  struct Case {
    const char* what;
    std::function<void(ScalerFields&)> edit;
    const char* message;
  };
  const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  const std::vector<Case> cases = {
      {"scale NaN", [&](ScalerFields& f) { f.scale = torch::full({}, nan); }, "field 'scale' must be finite and > 0"},
      {"scale inf", [&](ScalerFields& f) { f.scale = torch::full({}, inf); }, "field 'scale' must be finite and > 0"},
      {"scale 0", [](ScalerFields& f) { f.scale = torch::zeros({}); }, "field 'scale' must be finite and > 0"},
      {"scale -4", [](ScalerFields& f) { f.scale = torch::full({}, -4.0f); }, "field 'scale' must be finite and > 0"},
      {"scale double", [](ScalerFields& f) { f.scale = torch::full({}, 4.0, torch::kDouble); },
       "field 'scale' must be a one-element float32 tensor"},
      {"tracker INT32_MAX", [](ScalerFields& f) { f.growth_tracker = torch::full({}, INT32_MAX, torch::kInt); },
       "field 'growth_tracker' must be in [0, growth_interval=4)"},
      {"tracker -1", [](ScalerFields& f) { f.growth_tracker = torch::full({}, -1, torch::kInt); },
       "field 'growth_tracker' must be in [0"},
      {"enabled as int", [](ScalerFields& f) { f.enabled = c10::IValue(static_cast<int64_t>(1)); },
       "field 'enabled' must be a bool, got Int"},
      {"init_scale as string", [](ScalerFields& f) { f.init_scale = c10::IValue(std::string("big")); },
       "field 'init_scale' must be a double"},
      {"init_scale NaN", [](ScalerFields& f) { f.init_scale = c10::IValue(std::nan("")); },
       "init_scale must be finite and > 0"},
      {"growth_factor 0.5", [](ScalerFields& f) { f.growth_factor = c10::IValue(0.5); },
       "growth_factor must be > 1.0, got 0.5"},
      {"backoff_factor 1.5", [](ScalerFields& f) { f.backoff_factor = c10::IValue(1.5); },
       "backoff_factor must be in (0, 1), got 1.5"},
      {"growth_interval 0", [](ScalerFields& f) { f.growth_interval = c10::IValue(static_cast<int64_t>(0)); },
       "growth_interval must be > 0"},
      {"growth_interval as double", [](ScalerFields& f) { f.growth_interval = c10::IValue(4.0); },
       "field 'growth_interval' must be an int"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.what);
    ScalerFields f;
    c.edit(f);
    // Before and after the scale exists: a failed load leaves the scaler as it was.
    ampify::GradScaler lazy(ampify::GradScalerOptions().init_scale(512.0).growth_interval(7));
    EXPECT_THROW_MSG(load_from_string(lazy, f.bytes()), c.message);
    EXPECT_EQ(lazy.get_scale(), 512.0);
    EXPECT_EQ(lazy.options().growth_interval(), 7);
    ampify::GradScaler live(ampify::GradScalerOptions().init_scale(256.0).growth_interval(7));
    live.scale(torch::ones({}));
    EXPECT_THROW_MSG(load_from_string(live, f.bytes()), c.message);
    EXPECT_EQ(live.get_scale(), 256.0);
    EXPECT_EQ(live.get_growth_tracker(), 0);
    EXPECT_EQ(live.options().init_scale(), 256.0);
  }
}

#if AMPIFY_HAS_FUSED_ADAMW
namespace {
// Trains Tiny with scaler.fused_adamw_step for steps [from, to); an inf on step 4 and a NaN on step
// 10 (skipped steps, whose step counts the fused path takes back on the device) when the scaler is
// enabled.
void train_fused(Tiny& m, torch::optim::AdamW& opt, ampify::GradScaler& s, int from, int to, torch::Device dev) {
  for (int i = from; i < to; ++i) {
    opt.zero_grad();
    s.scale(m.loss(batch(i, dev))).backward();
    if (s.is_enabled() && (i == 4 || i == 10)) {
      torch::NoGradGuard ng;
      m.w.mutable_grad()[0][0] =
          i == 4 ? std::numeric_limits<float>::infinity() : std::numeric_limits<float>::quiet_NaN();
    }
    s.fused_adamw_step(opt);
    s.update();
  }
}

std::vector<torch::Device> fused_devices() {
  std::vector<torch::Device> d;
  if (AMPIFY_HAS_CPU_FUSED_ADAMW) d.emplace_back(torch::kCPU);
  if (torch::cuda::is_available()) d.emplace_back(torch::kCUDA, 0);
  return d;
}
}  // namespace

TEST(GradScaler, FusedAdamWCheckpointResumeIsBitExact) {
  EnvGuard env(nullptr);
  if (fused_devices().empty()) GTEST_SKIP() << "no fused AdamW kernel for the devices here (CPU needs LibTorch >= 2.4)";
  const std::string dir = ::testing::TempDir();
  for (auto dev : fused_devices()) {
    for (bool enabled : {true, false}) {
      SCOPED_TRACE(dev.str() + (enabled ? " enabled" : " disabled"));
      auto opts = ampify::GradScalerOptions().init_scale(1024.0).growth_interval(3).enabled(enabled);
      auto aw = torch::optim::AdamWOptions(1e-2).weight_decay(0.1);
      Tiny a(dev);
      torch::optim::AdamW oa(a.params(), aw);
      ampify::GradScaler sa(opts);
      train_fused(a, oa, sa, 0, 14, dev);

      Tiny b(dev);
      torch::optim::AdamW ob(b.params(), aw);
      ampify::GradScaler sb(opts);
      train_fused(b, ob, sb, 0, 7, dev);
      const std::string p = dir + "/ampify_fused_ckpt_" + std::to_string(static_cast<int>(dev.type()));
      torch::save(b.params(), p + "_params.pt");
      torch::save(ob, p + "_opt.pt");
      torch::save(sb, p + "_scaler.pt");

      // Resumes a run from the checkpoint into fresh objects, the scaler's state from `scaler_bytes`.
      auto resume = [&](const std::string& scaler_bytes, Tiny& c) {
        c.load_params(p + "_params.pt");
        torch::optim::AdamW oc(c.params(), aw);
        torch::load(oc, p + "_opt.pt");
        ampify::GradScaler sc(opts);
        load_from_string(sc, scaler_bytes);
        train_fused(c, oc, sc, 7, 14, dev);
        return std::make_pair(sc.get_scale(), sc.get_growth_tracker());
      };
      std::string bytes;
      {
        std::ifstream f(p + "_scaler.pt", std::ios::binary);
        bytes.assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
      }
      Tiny c(dev, 99);
      const auto [scale, tracker] = resume(bytes, c);
      EXPECT_TRUE(bit_equal(a.w.detach(), c.w.detach()));
      EXPECT_TRUE(bit_equal(a.b.detach(), c.b.detach()));
      EXPECT_EQ(scale, sa.get_scale());
      EXPECT_EQ(tracker, sa.get_growth_tracker());

      // Control: the same checkpoint without the step counts (format 1) resumes AdamW's bias
      // correction from step 0, so the continuation differs: the counts above did the work.
      if (enabled) {
        torch::serialize::InputArchive in;
        in.load_from(p + "_scaler.pt");
        Tiny d(dev, 99);
        resume(as_format1(in), d);
        EXPECT_FALSE(bit_equal(a.w.detach(), d.w.detach()));
      }

      // The step counts belong to an optimizer with the same parameters.
      {
        ampify::GradScaler se(opts);
        ampify::load(se, p + "_scaler.pt");
        Tiny e(dev);
        torch::optim::AdamW oe(std::vector<Tensor>{e.w}, aw);
        se.scale(e.loss(batch(0, dev))).backward();
        EXPECT_THROW_MSG(se.fused_adamw_step(oe), "step counts for 2 parameters");
      }
      std::remove((p + "_params.pt").c_str());
      std::remove((p + "_opt.pt").c_str());
      std::remove((p + "_scaler.pt").c_str());
    }
  }
}
#endif

TEST(GradScaler, FallbackSaysWhyOnceUnderTrace) {
  EnvGuard env(nullptr);
  const std::string trace = ::testing::TempDir() + "/ampify_fallback_trace.jsonl";
  setenv("AMPIFY_SCALER_TRACE", trace.c_str(), 1);
  Tiny m(torch::kCPU);
  torch::optim::RMSprop opt(m.params(), torch::optim::RMSpropOptions(1e-2));
  ampify::GradScaler s;
  unsetenv("AMPIFY_SCALER_TRACE");
  ::testing::internal::CaptureStderr();
  for (int i = 0; i < 3; ++i) {
    opt.zero_grad();
    s.scale(m.loss(batch(i, torch::kCPU))).backward();
    s.step(opt);
    s.update();
  }
  const std::string err = ::testing::internal::GetCapturedStderr();
  const std::string why = "fused kernels for AdamW, Adam and SGD only";
  EXPECT_NE(err.find(why), std::string::npos) << err;
  EXPECT_EQ(err.find(why), err.rfind(why)) << "said more than once: " << err;
  std::remove(trace.c_str());
}

#if AMPIFY_HAS_FUSED_ADAMW && AMPIFY_HAS_FUSED_ADAM && AMPIFY_HAS_FUSED_SGD
namespace {
using OptimizerFactory = std::function<std::unique_ptr<torch::optim::Optimizer>(std::vector<Tensor>)>;

// The optimizers scaler.step() has fused kernels for, with options the kernels take.
std::vector<std::pair<std::string, OptimizerFactory>> fusable_optimizers() {
  return {
      {"AdamW", [](std::vector<Tensor> p) {
         return std::make_unique<torch::optim::AdamW>(p, torch::optim::AdamWOptions(1e-2).weight_decay(0.1));
       }},
      {"Adam amsgrad", [](std::vector<Tensor> p) {
         return std::make_unique<torch::optim::Adam>(
             p, torch::optim::AdamOptions(1e-2).weight_decay(0.01).amsgrad(true).betas({0.5, 0.999}));
       }},
      {"SGD momentum nesterov", [](std::vector<Tensor> p) {
         return std::make_unique<torch::optim::SGD>(
             p, torch::optim::SGDOptions(0.05).momentum(0.9).nesterov(true).weight_decay(1e-3));
       }},
      {"SGD", [](std::vector<Tensor> p) {
         return std::make_unique<torch::optim::SGD>(p, torch::optim::SGDOptions(0.05));
       }},
  };
}

std::vector<torch::Device> fused_optimizer_devices() {
  std::vector<torch::Device> d;
  if (AMPIFY_HAS_CPU_FUSED_OPTIMIZERS) d.emplace_back(torch::kCPU);
  if (torch::cuda::is_available()) d.emplace_back(torch::kCUDA, 0);
  return d;
}

// Steps [from, to) through scaler.step(); an inf on step 4 (the first steps of SGD with momentum
// run unfused until its buffers exist) and a NaN on step 10. Returns what step() reported.
std::vector<bool> train_with_step(Tiny& m, torch::optim::Optimizer& opt, ampify::GradScaler& s, int from, int to,
                                  torch::Device dev) {
  std::vector<bool> stepped;
  for (int i = from; i < to; ++i) {
    opt.zero_grad();
    s.scale(m.loss(batch(i, dev))).backward();
    if (i == 4 || i == 10) {
      torch::NoGradGuard ng;
      m.w.mutable_grad()[0][0] =
          i == 4 ? std::numeric_limits<float>::infinity() : std::numeric_limits<float>::quiet_NaN();
    }
    stepped.push_back(s.step(opt));
    s.update();
  }
  return stepped;
}

// PyTorch's own tolerance for float32 comparisons (torch.testing.assert_close, which its optimizer
// tests use to compare fused with foreach and for-loop implementations).
bool close(const Tensor& a, const Tensor& b) { return torch::allclose(a.cpu(), b.cpu(), 1.3e-6, 1e-5); }
}  // namespace

TEST(GradScaler, FusedStepMatchesUnfusedWithinPyTorchTolerance) {
  EnvGuard env(nullptr);
  if (fused_optimizer_devices().empty()) GTEST_SKIP() << "no fused optimizer kernels for the devices here";
  for (auto dev : fused_optimizer_devices()) {
    for (const auto& [name, make] : fusable_optimizers()) {
      SCOPED_TRACE(dev.str() + " " + name);
      auto opts = ampify::GradScalerOptions().init_scale(1024.0).growth_interval(3);
      Tiny f(dev), u(dev);
      auto of = make(f.params()), ou = make(u.params());
      ampify::GradScaler sf(opts), su(ampify::GradScalerOptions(opts).fused_step(false));
      const auto fused = train_with_step(f, *of, sf, 0, 16, dev);
      const auto unfused = train_with_step(u, *ou, su, 0, 16, dev);
      EXPECT_EQ(fused, unfused);  // the same steps skipped (4 and 10), read lazily on the fused path
      EXPECT_FALSE(fused[4]);
      EXPECT_FALSE(fused[10]);
      EXPECT_TRUE(close(f.w.detach(), u.w.detach())) << (f.w - u.w).abs().max().item<float>();
      EXPECT_TRUE(close(f.b.detach(), u.b.detach()));
      EXPECT_FALSE(bit_equal(f.w.detach(), Tiny(dev).w.detach()));  // it trained
      EXPECT_EQ(sf.get_scale(), su.get_scale());
      EXPECT_EQ(sf.get_growth_tracker(), su.get_growth_tracker());
    }
  }
}

TEST(GradScaler, CheckpointsWorkAcrossFusedAndUnfusedPaths) {
  EnvGuard env(nullptr);
  if (fused_optimizer_devices().empty()) GTEST_SKIP() << "no fused optimizer kernels for the devices here";
  const std::string dir = ::testing::TempDir();
  auto aw = torch::optim::AdamWOptions(1e-2).weight_decay(0.1);
  for (auto dev : fused_optimizer_devices()) {
    for (bool save_fused : {true, false}) {
      SCOPED_TRACE(dev.str() + (save_fused ? " fused -> unfused" : " unfused -> fused"));
      auto opts = ampify::GradScalerOptions().init_scale(1024.0).growth_interval(3);
      auto saving = ampify::GradScalerOptions(opts).fused_step(save_fused);
      auto resuming = ampify::GradScalerOptions(opts).fused_step(!save_fused);
      // The uninterrupted run, on the path of the first half.
      Tiny a(dev);
      torch::optim::AdamW oa(a.params(), aw);
      ampify::GradScaler sa(saving);
      train_with_step(a, oa, sa, 0, 14, dev);
      // 7 steps, save, then 7 more on the other path from fresh objects.
      Tiny b(dev);
      torch::optim::AdamW ob(b.params(), aw);
      ampify::GradScaler sb(saving);
      train_with_step(b, ob, sb, 0, 7, dev);
      const std::string p = dir + "/ampify_cross_ckpt";
      torch::save(b.params(), p + "_params.pt");
      torch::save(ob, p + "_opt.pt");
      ampify::save(sb, p + "_scaler.pt");
      Tiny c(dev, 99);
      c.load_params(p + "_params.pt");
      torch::optim::AdamW oc(c.params(), aw);
      torch::load(oc, p + "_opt.pt");
      ampify::GradScaler sc(resuming);
      ampify::load(sc, p + "_scaler.pt");
      train_with_step(c, oc, sc, 7, 14, dev);
      EXPECT_TRUE(close(a.w.detach(), c.w.detach())) << (a.w - c.w).abs().max().item<float>();
      EXPECT_TRUE(close(a.b.detach(), c.b.detach()));
      EXPECT_EQ(sa.get_scale(), sc.get_scale());
      // The unfused optimizer's own step counts are current again (AdamW's bias correction).
      if (save_fused) {
        const auto& st = static_cast<torch::optim::AdamWParamState&>(
            *oc.state().begin()->second);
        EXPECT_EQ(st.step(), 12);  // 14 steps, 2 skipped
      }
      std::remove((p + "_params.pt").c_str());
      std::remove((p + "_opt.pt").c_str());
      std::remove((p + "_scaler.pt").c_str());
    }
  }
}

#endif

// ------------------------------------------------------------------------------------------------
// Autocast
// ------------------------------------------------------------------------------------------------

TEST(Autocast, CpuBf16MatmulInsideFloatOutside) {
  EnvGuard env(nullptr);
  Tensor a = torch::randn({8, 8}), b = torch::randn({8, 8});
  EXPECT_FALSE(ampify::compat::autocast_enabled(c10::kCPU));
  {
    ampify::Autocast ac(c10::kCPU);
    EXPECT_TRUE(ac.enabled());
    EXPECT_EQ(ac.dtype(), torch::kBFloat16);
    EXPECT_TRUE(ampify::compat::autocast_enabled(c10::kCPU));
    EXPECT_EQ(torch::mm(a, b).scalar_type(), torch::kBFloat16);
    EXPECT_EQ(torch::matmul(a, b).scalar_type(), torch::kBFloat16);
  }
  EXPECT_FALSE(ampify::compat::autocast_enabled(c10::kCPU));
  EXPECT_EQ(torch::mm(a, b).scalar_type(), torch::kFloat);
}

// The CPU's own answer, read independently of the runtime's CPUID code: Linux's flags for the
// hardware bf16 that oneDNN's fast kernels use (the kernel lists a feature only if the OS enables
// its register state). Nothing on other systems.
std::optional<bool> cpuinfo_lists_native_bf16() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    if (line.rfind("flags", 0) != 0 && line.rfind("Features", 0) != 0) continue;
    std::istringstream words(line.substr(line.find(':') + 1));
    std::set<std::string> flags{std::istream_iterator<std::string>(words), std::istream_iterator<std::string>()};
    return (flags.count("avx512_bf16") && flags.count("avx512f")) || (flags.count("amx_bf16") && flags.count("amx_tile")) ||
           flags.count("bf16");  // AArch64's "Features: ... bf16"
  }
  return std::nullopt;
}

TEST(Autocast, SpeedsUpOnCudaAlwaysOnCpuOnlyWithNativeBf16) {
  EnvGuard disabled(nullptr);
  EnvGuard requested("1", "AMPIFY_CPU_AUTOCAST");  // asks for CPU autocast; the hardware answer stays
  EXPECT_TRUE(ampify::autocast_speeds_up(c10::kCUDA));
  std::optional<bool> expected = cpuinfo_lists_native_bf16();
  if (expected) EXPECT_EQ(ampify::autocast_speeds_up(c10::kCPU), *expected);
}

// The warnings LibTorch's TORCH_WARN sends to the handler while this is installed. LibTorch 2.0
// moved the handler from c10::Warning:: to c10::WarningUtils:: and gave process() one argument.
class CapturedWarnings : public c10::WarningHandler {
public:
#if AMPIFY_TORCH_VERSION_AT_LEAST(2, 0)
  void process(const c10::Warning& warning) override { messages.push_back(warning.msg()); }
#else
  void process(const c10::SourceLocation&, const std::string& msg, const bool) override { messages.push_back(msg); }
#endif
  std::vector<std::string> messages;
};
#if AMPIFY_TORCH_VERSION_AT_LEAST(2, 0)
using WarningHandlerGuard = c10::WarningUtils::WarningHandlerGuard;
#else
using WarningHandlerGuard = c10::Warning::WarningHandlerGuard;
#endif

TEST(Autocast, CpuOnRequestIsOnOnlyWhenTheEnvironmentAsks) {
  EnvGuard disabled(nullptr);
  Tensor a = torch::randn({4, 4});
  for (const char* unasked : {static_cast<const char*>(nullptr), "0", "maybe"}) {
    EnvGuard env(unasked, "AMPIFY_CPU_AUTOCAST");
    ampify::Autocast ac(ampify::AutocastOptions(c10::kCPU).dtype(torch::kBFloat16).cpu_on_request(true));
    EXPECT_FALSE(ac.enabled()) << (unasked ? unasked : "unset");
    EXPECT_FALSE(ampify::compat::autocast_enabled(c10::kCPU));
    EXPECT_EQ(torch::mm(a, a).scalar_type(), torch::kFloat);
    // Without the option the same scope is on, as torch.autocast is.
    ampify::Autocast plain(ampify::AutocastOptions(c10::kCPU).dtype(torch::kBFloat16));
    EXPECT_TRUE(plain.enabled());
    EXPECT_EQ(torch::mm(a, a).scalar_type(), torch::kBFloat16);
  }
  {
    // The first scope that the environment turns on warns, once, where bf16 is computed in
    // software (the only test that asks, so the once is this one's).
    CapturedWarnings warnings;
    WarningHandlerGuard capture(&warnings);
    EnvGuard asked("1", "AMPIFY_CPU_AUTOCAST");
    for (int i = 0; i < 2; ++i) {
      ampify::Autocast ac(ampify::AutocastOptions(c10::kCPU).cpu_on_request(true));
      EXPECT_TRUE(ac.enabled());
      EXPECT_EQ(torch::mm(a, a).scalar_type(), torch::kBFloat16);
    }
    const auto slower = std::count_if(warnings.messages.begin(), warnings.messages.end(), [](const std::string& m) {
      return m.find("computes bf16 in software") != std::string::npos;
    });
    EXPECT_EQ(slower, ampify::autocast_speeds_up(c10::kCPU) ? 0 : 1);
  }
  EXPECT_FALSE(ampify::compat::autocast_enabled(c10::kCPU));
}

TEST(Autocast, NestingRestoresState) {
  EnvGuard env(nullptr);
  Tensor a = torch::randn({4, 4});
  const bool cache0 = ampify::compat::cache_enabled();
  const auto dtype0 = ampify::compat::autocast_dtype(c10::kCPU);
  {
    ampify::Autocast outer(ampify::AutocastOptions(c10::kCPU).dtype(torch::kBFloat16));
    EXPECT_EQ(torch::mm(a, a).scalar_type(), torch::kBFloat16);
    {
      ampify::AutocastDisabled inner(c10::kCPU);
      EXPECT_FALSE(ampify::compat::autocast_enabled(c10::kCPU));
      EXPECT_EQ(torch::mm(a, a).scalar_type(), torch::kFloat);
      {
        ampify::Autocast inner2(ampify::AutocastOptions(c10::kCPU).cache_enabled(!cache0));
        EXPECT_EQ(ampify::compat::cache_enabled(), !cache0);
        EXPECT_EQ(torch::mm(a, a).scalar_type(), torch::kBFloat16);
      }
      EXPECT_EQ(ampify::compat::cache_enabled(), cache0);
      EXPECT_FALSE(ampify::compat::autocast_enabled(c10::kCPU));
    }
    EXPECT_TRUE(ampify::compat::autocast_enabled(c10::kCPU));
    EXPECT_EQ(torch::mm(a, a).scalar_type(), torch::kBFloat16);
  }
  EXPECT_FALSE(ampify::compat::autocast_enabled(c10::kCPU));
  EXPECT_EQ(ampify::compat::autocast_dtype(c10::kCPU), dtype0);
  EXPECT_EQ(ampify::compat::cache_enabled(), cache0);
  // nesting counter back to 0: the next increment returns 1
  EXPECT_EQ(ampify::compat::increment_nesting(), 1);
  EXPECT_EQ(ampify::compat::decrement_nesting(), 0);
}

TEST(Autocast, ExitIsIdempotentAndEndsScopeEarly) {
  EnvGuard env(nullptr);
  Tensor a = torch::randn({4, 4});
  ampify::Autocast ac(c10::kCPU);
  EXPECT_TRUE(ac.active());
  EXPECT_EQ(torch::mm(a, a).scalar_type(), torch::kBFloat16);
  ac.exit();
  EXPECT_FALSE(ac.active());
  EXPECT_EQ(torch::mm(a, a).scalar_type(), torch::kFloat);
  ac.exit();
  ac.end();
  EXPECT_FALSE(ampify::compat::autocast_enabled(c10::kCPU));
  EXPECT_EQ(ampify::compat::increment_nesting(), 1);
  EXPECT_EQ(ampify::compat::decrement_nesting(), 0);
}

TEST(MemoryFormat, ToChannelsLastConvertsFourDimensionalTensorsInPlace) {
  torch::manual_seed(0);
  torch::nn::Sequential net(torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 8, 3).padding(1)),
                            torch::nn::BatchNorm2d(8), torch::nn::Functional(torch::relu));
  torch::optim::SGD opt(net->parameters(), torch::optim::SGDOptions(0.1));  // built before the conversion
  Tensor x = torch::randn({2, 3, 6, 6});
  Tensor before = net->forward(x).detach();
  Tensor weight = net->parameters()[0];
  const c10::TensorImpl* impl = weight.unsafeGetTensorImpl();
  ASSERT_FALSE(weight.is_contiguous(at::MemoryFormat::ChannelsLast));
  ampify::to_channels_last(*net);
  EXPECT_EQ(net->parameters()[0].unsafeGetTensorImpl(), impl);  // the same tensor, new layout
  EXPECT_TRUE(net->parameters()[0].is_contiguous(at::MemoryFormat::ChannelsLast));
  EXPECT_TRUE(net->parameters()[1].is_contiguous());  // 1-D bias untouched
  Tensor after = net->forward(x.contiguous(at::MemoryFormat::ChannelsLast));
  EXPECT_TRUE(torch::allclose(before, after.detach(), 1e-5, 1e-6));
  after.sum().backward();
  Tensor w0 = weight.detach().clone();
  opt.step();  // the optimizer still holds the parameters: the step moves them
  EXPECT_FALSE(bit_equal(weight.detach(), w0));
  EXPECT_TRUE(opt.param_groups()[0].params()[0].is_contiguous(at::MemoryFormat::ChannelsLast));
}

TEST(Autocast, DeviceAndDtypeConstructor) {
  EnvGuard env(nullptr);
  Tensor a = torch::randn({4, 4});
  ampify::Autocast ac(c10::kCPU, torch::kBFloat16);  // torch.autocast("cpu", dtype=torch.bfloat16)
  EXPECT_EQ(ac.device(), c10::kCPU);
  EXPECT_EQ(ac.dtype(), torch::kBFloat16);
  EXPECT_EQ(torch::mm(a, a).scalar_type(), torch::kBFloat16);
  EXPECT_THROW_MSG(ampify::Autocast(c10::kCPU, torch::kInt), "not");
}

TEST(Autocast, OutOfLifoOrderIsAnErrorAndRestoresState) {
  EnvGuard env(nullptr);
  const auto dtype0 = ampify::compat::autocast_dtype(c10::kCPU);
  {
    ampify::Autocast outer(c10::kCPU);
    ampify::AutocastDisabled inner(c10::kCPU);
    // exit() of the outer scope while the inner one is open: an error, and nothing changes
    EXPECT_THROW_MSG(outer.exit(), "LIFO order");
    EXPECT_TRUE(outer.active());
    EXPECT_TRUE(inner.active());
    EXPECT_FALSE(ampify::compat::autocast_enabled(c10::kCPU));  // still inside `inner`
    inner.exit();
    EXPECT_TRUE(ampify::compat::autocast_enabled(c10::kCPU));
  }
  EXPECT_FALSE(ampify::compat::autocast_enabled(c10::kCPU));
  // Destroyed out of order (heap scopes): the destructor ends both and raises.
  auto outer = std::make_unique<ampify::Autocast>(c10::kCPU);
  auto inner = std::make_unique<ampify::Autocast>(ampify::AutocastOptions(c10::kCPU).dtype(torch::kBFloat16));
  EXPECT_THROW_MSG(delete outer.release(), "not in LIFO order");
  EXPECT_FALSE(inner->active());
  EXPECT_FALSE(ampify::compat::autocast_enabled(c10::kCPU));  // autocast was left on before the fix
  EXPECT_EQ(ampify::compat::autocast_dtype(c10::kCPU), dtype0);
  inner.reset();  // already ended: nothing to do, no error
  EXPECT_EQ(ampify::compat::increment_nesting(), 1);
  EXPECT_EQ(ampify::compat::decrement_nesting(), 0);
}

TEST(Autocast, ExitFromAnotherThreadIsAnError) {
  EnvGuard env(nullptr);
  auto scope = std::make_unique<ampify::Autocast>(c10::kCPU);
  std::string exit_error, destroy_error;
  std::thread other([&] {
    try {
      scope->exit();
    } catch (const c10::Error& e) {
      exit_error = e.what_without_backtrace();
    }
  });
  other.join();
  EXPECT_NE(exit_error.find("another thread"), std::string::npos) << exit_error;
  EXPECT_TRUE(scope->active());
  EXPECT_TRUE(ampify::compat::autocast_enabled(c10::kCPU));
  scope->exit();  // on its own thread: fine
  EXPECT_FALSE(ampify::compat::autocast_enabled(c10::kCPU));
  // Destroyed on another thread: an error there; this thread's list of open scopes drops it, so
  // later scopes here nest and end normally.
  auto leaked = std::make_unique<ampify::Autocast>(c10::kCPU);
  std::thread destroyer([&] {
    try {
      delete leaked.release();  // (unique_ptr::reset is noexcept: a throw there ends the program)
    } catch (const c10::Error& e) {
      destroy_error = e.what_without_backtrace();
    }
  });
  destroyer.join();
  EXPECT_NE(destroy_error.find("destroyed on another thread"), std::string::npos) << destroy_error;
  ampify::compat::set_autocast_enabled(c10::kCPU, false);  // what the lost scope would have restored
  ampify::compat::decrement_nesting();
  {
    ampify::Autocast a(c10::kCPU);
    ampify::Autocast b(c10::kCPU);
    b.exit();
    a.exit();
  }
  EXPECT_FALSE(ampify::compat::autocast_enabled(c10::kCPU));
}

TEST(Autocast, OutermostExitClearsCastCache) {
  EnvGuard env(nullptr);
  // The cache keeps the bf16 copy of a leaf weight that requires grad. After an in-place update of
  // the weight inside the scope, the cached (stale) copy is used; a new outermost scope sees the
  // new weight only because the previous outermost exit cleared the cache.
  torch::manual_seed(3);
  Tensor x = torch::randn({4, 4});
  Tensor w = torch::randn({4, 4}).requires_grad_(true);
  Tensor y1, y2, y3, y4;
  {
    ampify::Autocast outer(ampify::AutocastOptions(c10::kCPU).cache_enabled(true));
    y1 = torch::mm(x, w);
    {
      ampify::Autocast inner(ampify::AutocastOptions(c10::kCPU).cache_enabled(true));
      torch::NoGradGuard ng;
      w.add_(1.0);
    }
    y2 = torch::mm(x, w);  // inner exit did not clear the cache: stale copy
  }
  {
    ampify::Autocast again(ampify::AutocastOptions(c10::kCPU).cache_enabled(true));
    y3 = torch::mm(x, w);  // outermost exit cleared it: fresh copy
  }
  {
    ampify::Autocast nocache(ampify::AutocastOptions(c10::kCPU).cache_enabled(false));
    y4 = torch::mm(x, w);
    torch::NoGradGuard ng;
    w.add_(1.0);
    Tensor y5 = torch::mm(x, w);
    EXPECT_FALSE(torch::equal(y4, y5));  // no cache: always fresh
  }
  EXPECT_TRUE(torch::equal(y1, y2));
  EXPECT_FALSE(torch::equal(y2, y3));
  EXPECT_TRUE(torch::equal(y3, y4));
}

TEST(Autocast, BadDtypeOrDevice) {
  EnvGuard env(nullptr);
  EXPECT_THROW_MSG(ampify::Autocast(ampify::AutocastOptions(c10::kCPU).dtype(torch::kInt)), "dtype Int");
  EXPECT_THROW_MSG(ampify::Autocast(ampify::AutocastOptions(c10::kCUDA).dtype(torch::kFloat)), "not a valid autocast dtype on cuda");
#if !AMPIFY_HAS_CPU_FP16_AUTOCAST
  EXPECT_THROW_MSG(ampify::Autocast(ampify::AutocastOptions(c10::kCPU).dtype(torch::kHalf)), "supports only torch::kBFloat16");
#endif
  EXPECT_THROW_MSG(ampify::Autocast(c10::kMeta), "not supported");
  EXPECT_FALSE(ampify::compat::autocast_enabled(c10::kCPU));
  EXPECT_EQ(ampify::compat::increment_nesting(), 1);
  EXPECT_EQ(ampify::compat::decrement_nesting(), 0);
}

TEST(Autocast, CudaWithoutCudaIsDisabled) {
  if (torch::cuda::is_available()) GTEST_SKIP() << "CUDA present";
  EnvGuard env(nullptr);
  ampify::Autocast ac;  // default device CUDA
  EXPECT_FALSE(ac.enabled());
}

TEST(Autocast, RunInFp32) {
  EnvGuard env(nullptr);
  Tensor a = torch::randn({4, 4});
  Tensor h = a.to(torch::kBFloat16);
  auto fn = [](const Tensor& x, const std::vector<Tensor>& v, int k) {
    EXPECT_EQ(x.scalar_type(), torch::kFloat);
    EXPECT_EQ(v[0].scalar_type(), torch::kFloat);
    EXPECT_EQ(v[1].scalar_type(), torch::kDouble);  // double is left alone
    EXPECT_FALSE(ampify::compat::autocast_enabled(c10::kCPU));
    return torch::mm(x, v[0]) * k;
  };
  {
    ampify::Autocast ac(c10::kCPU);
    Tensor y = ampify::run_in_fp32(fn, h, std::vector<Tensor>{h, a.to(torch::kDouble)}, 2);
    EXPECT_EQ(y.scalar_type(), torch::kFloat);
    EXPECT_TRUE(ampify::compat::autocast_enabled(c10::kCPU));
    EXPECT_EQ(torch::mm(a, a).scalar_type(), torch::kBFloat16);
  }
  // autocast off: arguments pass unchanged
  Tensor z = ampify::run_in_fp32([](const Tensor& x) { return x; }, h);
  EXPECT_EQ(z.scalar_type(), torch::kBFloat16);
}

TEST(OffSwitch, EnvDisablesAutocastAndScaler) {
  Tensor a = torch::randn({4, 4});
  {
    EnvGuard env("1");
    EXPECT_TRUE(ampify::runtime_disabled());
    ampify::Autocast ac(c10::kCPU);
    EXPECT_FALSE(ac.enabled());
    EXPECT_EQ(torch::mm(a, a).scalar_type(), torch::kFloat);
    ampify::GradScaler s;
    EXPECT_FALSE(s.is_enabled());
    Tensor l = a.sum();
    EXPECT_TRUE(s.scale(l).is_same(l));
    EXPECT_EQ(s.get_scale(), 1.0);
  }
  {
    EnvGuard env("0");
    EXPECT_FALSE(ampify::runtime_disabled());
    ampify::Autocast ac(c10::kCPU);
    EXPECT_TRUE(ac.enabled());
    ampify::GradScaler s;
    EXPECT_TRUE(s.is_enabled());
  }
}

// ------------------------------------------------------------------------------------------------
// CUDA-only
// ------------------------------------------------------------------------------------------------

TEST(Cuda, Fp16AutocastPolicySpotCheck) {
  if (!torch::cuda::is_available()) GTEST_SKIP() << "needs CUDA";
  EnvGuard env(nullptr);
  auto o = torch::TensorOptions().device(torch::kCUDA);
  Tensor x = torch::randn({16, 32}, o), w = torch::randn({8, 32}, o);
  ampify::Autocast ac;  // CUDA, fp16
  EXPECT_EQ(ac.dtype(), torch::kHalf);
  EXPECT_EQ(torch::nn::functional::linear(x, w).scalar_type(), torch::kHalf);
  EXPECT_EQ(torch::mm(x, w.t()).scalar_type(), torch::kHalf);
  Tensor h = x.to(torch::kHalf);
  EXPECT_EQ(torch::layer_norm(h, {32}).scalar_type(), torch::kFloat);
  EXPECT_EQ(torch::softmax(h, 1).scalar_type(), torch::kFloat);
  EXPECT_EQ(torch::log(h.abs() + 1).scalar_type(), torch::kFloat);
  EXPECT_EQ(torch::relu(h).scalar_type(), torch::kHalf);  // not listed: input dtype
  ac.exit();
  EXPECT_EQ(torch::mm(x, w.t()).scalar_type(), torch::kFloat);
  ampify::Autocast bf(ampify::AutocastOptions().dtype(torch::kBFloat16));
  EXPECT_EQ(torch::mm(x, w.t()).scalar_type(), torch::kBFloat16);
}

#if AMPIFY_HAS_FUSED_ADAMW
TEST(Cuda, FusedAdamWMatchesPlainAndSkipsOnDevice) {
  if (!torch::cuda::is_available()) GTEST_SKIP() << "needs CUDA";
  EnvGuard env(nullptr);
  torch::Device dev(torch::kCUDA, 0);
  auto aw = torch::optim::AdamWOptions(1e-2).weight_decay(0.1);
  Tiny p(dev), f(dev);
  torch::optim::AdamW op(p.params(), aw), of(f.params(), aw);
  ampify::GradScaler sp(ampify::GradScalerOptions().growth_interval(3).fused_step(false)),
      sf(ampify::GradScalerOptions().growth_interval(3));
  for (int i = 0; i < 10; ++i) {
    op.zero_grad();
    of.zero_grad();
    sp.scale(p.loss(batch(i, dev))).backward();
    sf.scale(f.loss(batch(i, dev))).backward();
    if (i == 4) {
      torch::NoGradGuard ng;
      p.w.mutable_grad()[0][0] = std::numeric_limits<float>::infinity();
      f.w.mutable_grad()[0][0] = std::numeric_limits<float>::infinity();
    }
    Tensor before = f.w.detach().clone();
    sp.step(op);
#if defined(AMPIFY_TEST_HAVE_C10_CUDA)
    c10::cuda::warning_state().set_sync_debug_mode(c10::cuda::SyncDebugMode::L_ERROR);
#endif
    sf.fused_adamw_step(of);  // must not sync
    sf.update();
#if defined(AMPIFY_TEST_HAVE_C10_CUDA)
    c10::cuda::warning_state().set_sync_debug_mode(c10::cuda::SyncDebugMode::L_DISABLED);
#endif
    sp.update();
    if (i == 4) EXPECT_TRUE(bit_equal(f.w.detach(), before));
    EXPECT_EQ(sp.get_scale(), sf.get_scale()) << i;
  }
  EXPECT_TRUE(torch::allclose(p.w.detach(), f.w.detach(), 1e-5, 1e-6));
  EXPECT_TRUE(torch::allclose(p.b.detach(), f.b.detach(), 1e-5, 1e-6));
  // mixing: unscale_ first (e.g. for clipping), then the fused step without grad_scale
  of.zero_grad();
  sf.scale(f.loss(batch(20, dev))).backward();
  sf.unscale_(of);
  torch::nn::utils::clip_grad_norm_(f.params(), 1.0);
  sf.fused_adamw_step(of);
  EXPECT_THROW_MSG(sf.fused_adamw_step(of), "already called");
  sf.update();
  // disabled scaler: the same fused kernel without loss scaling
  Tiny d(dev, 5), e(dev, 5);
  torch::optim::AdamW od(d.params(), aw), oe(e.params(), aw);
  ampify::GradScaler off(ampify::GradScalerOptions().enabled(false)), on;
  for (int i = 0; i < 3; ++i) {
    od.zero_grad();
    oe.zero_grad();
    off.scale(d.loss(batch(i, dev))).backward();
    off.fused_adamw_step(od);
    off.update();
    on.scale(e.loss(batch(i, dev))).backward();
    on.fused_adamw_step(oe);
    on.update();
  }
  EXPECT_FALSE(bit_equal(d.w.detach(), Tiny(dev, 5).w.detach()));
  EXPECT_TRUE(torch::allclose(d.w.detach(), e.w.detach(), 1e-5, 1e-6));
}
#endif

#if AMPIFY_HAS_FUSED_ADAMW
// A GradScaler made per epoch (declared in the function that trains one epoch) must go on from the
// optimizer's step count: a new scaler that restarted the fused AdamW's count at 0 restarted its
// bias correction every epoch, and a migrated transformer then trained differently (2.6x lower loss
// after 5 epochs) from the same program in fp32 (bench/realworld/results/equivalence-gpu-2026-12-04).
TEST(Cuda, AScalerMadeLaterGoesOnFromTheFusedStepCount) {
  if (!torch::cuda::is_available()) GTEST_SKIP() << "needs CUDA";
  EnvGuard env(nullptr);
  torch::Device dev(torch::kCUDA, 0);
  auto aw = torch::optim::AdamWOptions(1e-2).weight_decay(0.1);
  Tiny one(dev), perEpoch(dev);
  torch::optim::AdamW oone(one.params(), aw), oper(perEpoch.params(), aw);
  ampify::GradScaler kept;
  for (int epoch = 0; epoch < 3; ++epoch) {
    ampify::GradScaler fresh;
    for (int i = 0; i < 4; ++i) {
      oone.zero_grad();
      oper.zero_grad();
      kept.scale(one.loss(batch(epoch * 4 + i, dev))).backward();
      fresh.scale(perEpoch.loss(batch(epoch * 4 + i, dev))).backward();
      kept.step(oone);
      fresh.step(oper);
      kept.update();
      fresh.update();
    }
  }
  EXPECT_TRUE(bit_equal(one.w.detach(), perEpoch.w.detach()));
  EXPECT_TRUE(bit_equal(one.b.detach(), perEpoch.b.detach()));
}
#endif

#if defined(AMPIFY_TEST_HAVE_C10_CUDA)
TEST(Cuda, PlainPathSyncsOnlyInStep) {
  if (!torch::cuda::is_available()) GTEST_SKIP() << "needs CUDA";
  EnvGuard env(nullptr);
  torch::Device dev(torch::kCUDA, 0);
  Tiny m(dev);
  torch::optim::SGD opt(m.params(), torch::optim::SGDOptions(0.1));
  ampify::GradScaler s(ampify::GradScalerOptions().fused_step(false));  // the unfused path
  Tensor x = batch(0, dev);
  Tensor loss = m.loss(x);
  c10::cuda::warning_state().set_sync_debug_mode(c10::cuda::SyncDebugMode::L_ERROR);
  bool threw = false;
  try {
    s.scale(loss).backward();
    s.unscale_(opt);
  } catch (const c10::Error&) {
    threw = true;
  }
  EXPECT_FALSE(threw) << "scale/unscale_ must not sync";
  EXPECT_ANY_THROW(s.step(opt));  // the one found_inf read
  c10::cuda::warning_state().set_sync_debug_mode(c10::cuda::SyncDebugMode::L_DISABLED);
}
#endif

#if defined(AMPIFY_TEST_HAVE_C10_CUDA) && AMPIFY_HAS_FUSED_ADAMW && AMPIFY_HAS_FUSED_ADAM && AMPIFY_HAS_FUSED_SGD
TEST(Cuda, DefaultStepIsSyncFree) {
  if (!torch::cuda::is_available()) GTEST_SKIP() << "needs CUDA";
  EnvGuard env(nullptr);
  torch::Device dev(torch::kCUDA, 0);
  for (const auto& [name, make] : fusable_optimizers()) {
    SCOPED_TRACE(name);
    Tiny m(dev);
    auto opt = make(m.params());
    ampify::GradScaler s;
    for (int i = 0; i < 6; ++i) {
      opt->zero_grad();
      s.scale(m.loss(batch(i, dev))).backward();
      if (i == 3) {
        torch::NoGradGuard ng;
        m.w.mutable_grad()[0][0] = std::numeric_limits<float>::infinity();
      }
      Tensor before = m.w.detach().clone();
      // From the second step on (SGD with momentum: its buffers exist), step and update do not
      // touch the host: sync-debug mode "error" throws at the first synchronizing call.
      if (i >= 1) c10::cuda::warning_state().set_sync_debug_mode(c10::cuda::SyncDebugMode::L_ERROR);
      std::string error;
      try {
        s.step(*opt);  // the result is not read: no sync
        s.update();
      } catch (const c10::Error& e) {
        error = e.what_without_backtrace();
      }
      c10::cuda::warning_state().set_sync_debug_mode(c10::cuda::SyncDebugMode::L_DISABLED);
      EXPECT_EQ(error, "") << "step " << i;
      if (i == 3) EXPECT_TRUE(bit_equal(m.w.detach(), before)) << "the inf step was not skipped on the device";
      if (i == 2) EXPECT_FALSE(bit_equal(m.w.detach(), before));
    }
    EXPECT_EQ(s.get_scale(), 32768.0);  // one backoff
  }
}
#endif
