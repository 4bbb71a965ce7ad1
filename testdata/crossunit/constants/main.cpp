#include "constants.h"
#include "model.h"

int main(int argc, char **argv) {
  Proj proj(dims::kEmbed, kProjWidth);
  auto doubled = make_doubled(dims::kHalfWidth);
  torch::nn::Linear ffn(dims::kEmbed, Hyper::kFfn);
  gRuntimeWidth = argc;
  torch::nn::Linear runtime(dims::kEmbed, gRuntimeWidth);
  return 0;
}
