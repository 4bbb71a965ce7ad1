#include "constants.h"

const int64_t kProjWidth = 1500; // CROSS-EXPECT: `kProjWidth` = 1500 is not a multiple of 8 and sizes out_features of Linear `fc` in model.cpp
namespace dims {
const int64_t kEmbed = 512;     // aligned: nothing
const int64_t kHalfWidth = 250; // used doubled (500): reported where it is doubled, in model.cpp
} // namespace dims
const int64_t Hyper::kFfn = 1100; // CROSS-EXPECT: `kFfn` = 1100 is not a multiple of 8 and sizes out_features of Linear `ffn` in main.cpp
int64_t gRuntimeWidth = 1001;
