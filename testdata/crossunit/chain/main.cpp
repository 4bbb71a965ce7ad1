#include "model.h"

const int64_t kWidth = 256;   // aligned: nothing
const int64_t kFfnDim = 500;  // CROSS-EXPECT: `kFfnDim` = 500 is not a multiple of 8 and sizes 2 GEMM dimensions (out_features of Linear `up` in block.cpp, in_features of Linear `down` in block.cpp)
const int64_t kHalfFfn = 251; // doubled (502) in tagger.cpp: reported at the layers it sizes
const int64_t kTags = 17;     // CROSS-EXPECT: `kTags` = 17 is not a multiple of 8 and sizes out_features of Linear `head` in tagger.cpp
const int64_t kProjected = 100; // CROSS-EXPECT: `kProjected` = 100 is not a multiple of 8 and sizes in_features of Linear `proj` in block.cpp

int main() {
  Tagger tagger(kWidth, kFfnDim, kHalfFfn, kTags);
  Projection<Wide> projection(kProjected);
  auto out = tagger(torch::randn({4, kWidth})) + projection(torch::randn({4, kProjected})).sum();
  return out.size(0) == 4 ? 0 : 1;
}
