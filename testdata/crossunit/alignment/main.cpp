#include "model.h"

#include <cstdlib>
#include <memory>

const int64_t kInput = 784;   // aligned: nothing
const int64_t kHidden = 500;  // CROSS-EXPECT: `kHidden` = 500 is not a multiple of 8 and sizes 3 GEMM dimensions (in_features of Linear `local`, out_features of Linear `fc1` in model.cpp, in_features of Linear `fc2` in model.cpp)
const int64_t kWide = 1020;   // CROSS-EXPECT: `kWide` = 1020 is not a multiple of 8 and sizes 2 GEMM dimensions (out_features of Linear `fc1` in model.cpp, in_features of Linear `fc2` in model.cpp)
const int64_t kClasses = 10;  // below MinDim: nothing
const int64_t kRnnHidden = 250;     // used doubled (500): reported where it is doubled, in model.cpp
const int64_t kRnnAligned = 252;    // used doubled (504), a multiple of 8: nothing
const int64_t kEncoderWidth = 1030; // CROSS-EXPECT: `kEncoderWidth` = 1030 is not a multiple of 8 and sizes out_features of Linear `fc` in model.cpp
const int64_t kTrunkWidth = 777;    // CROSS-EXPECT: `kTrunkWidth` = 777 is not a multiple of 8 and sizes 2 GEMM dimensions (in_features of Linear `body` in model.cpp, out_features of Linear `body` in model.cpp)

int main(int argc, char **argv) {
  Net net(kInput, kHidden, kClasses);
  torch::nn::Linear local(kHidden, 256);
  auto wide = std::make_shared<NetImpl>(kInput, kWide, kClasses);
  Head head(std::atoi(argv[argc - 1]));
  auto layer = make_layer(kInput, 1001);
  BiHead bi(kRnnHidden);
  BiHead aligned(kRnnAligned);
  const EncoderConfig config{kInput, kEncoderWidth};
  Encoder encoder(config);
  Trunk trunk(EncoderConfig{kInput, kTrunkWidth});
  Encoder defaults(EncoderConfig{kInput}); // width 256, its default member initialiser: nothing
  return 0;
}
