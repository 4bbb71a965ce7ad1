// ampify-tensor-core-alignment across TUs (tests/scale_test.py, CrossUnitConstants): sizes that
// constants.h declares without their values (`extern const`, a static data member defined out of
// line) and sizes.cpp defines; main.cpp passes them to model.cpp's layers or uses them itself.
// Each expected finding has a CROSS-EXPECT comment on its line, followed by text of its message;
// every other line must give none.
#pragma once
#include <cstdint>

extern const int64_t kProjWidth;
namespace dims {
extern const int64_t kEmbed;
extern const int64_t kHalfWidth;
} // namespace dims
struct Hyper {
  static const int64_t kFfn;
};
extern int64_t gRuntimeWidth; // not const: main.cpp changes it at run time
