// ampify-tensor-core-alignment across TUs through calls that pass a size on (tests/scale_test.py,
// CrossUnitChain): main.cpp gives the sizes to Tagger (tagger.cpp), which passes them on, as they
// are, computed with a constant, or in a config struct, to EncoderBlock (block.cpp), where the
// layers are built. Each expected finding has a CROSS-EXPECT comment on its line, followed by
// text of its message; every other line must give none.
#pragma once
#include <torch/torch.h>

struct BlockOptions {
  int64_t width;
  int64_t ffn;
};

struct EncoderBlockImpl : torch::nn::Module {
  EncoderBlockImpl(int64_t width, int64_t ffn);
  explicit EncoderBlockImpl(const BlockOptions &options);
  torch::Tensor forward(torch::Tensor x);
  torch::nn::Linear up{nullptr}, down{nullptr};
};
TORCH_MODULE(EncoderBlock);

struct TaggerImpl : torch::nn::Module {
  TaggerImpl(int64_t width, int64_t ffn, int64_t half_ffn, int64_t tags);
  torch::Tensor forward(torch::Tensor x);
  EncoderBlock plain{nullptr}, doubled{nullptr}, configured{nullptr};
  torch::nn::Linear head{nullptr};
};
TORCH_MODULE(Tagger);

// A class template module whose constructor block.cpp defines and explicitly instantiates: the
// sizes main.cpp passes reach its layer in block.cpp.
struct Wide {};
template <typename Kind>
struct ProjectionImpl : torch::nn::Module {
  explicit ProjectionImpl(int64_t hidden);
  torch::Tensor forward(torch::Tensor x) { return proj(x); }
  torch::nn::Linear proj{nullptr};
};
template <typename Kind = Wide>
class Projection : public torch::nn::ModuleHolder<ProjectionImpl<Kind>> {
public:
  using torch::nn::ModuleHolder<ProjectionImpl<Kind>>::ModuleHolder;
};
