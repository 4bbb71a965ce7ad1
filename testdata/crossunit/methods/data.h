// ampify-tensor-core-alignment across TUs (tests/scale_test.py, CrossUnitMethods): sizes kept in
// a class that also holds state, whose non-const methods main.cpp calls before handing it to
// run.cpp's `run(const Data &)`. A method writes only the members its body names other than to
// read them: a member it leaves keeps the value main.cpp gave it. For a method of another file
// (data.cpp) that file's facts say which members it writes; one that writes `hidden`, uses
// `this` otherwise, or is in no analysed file leaves `hidden` unknown. A vector member assigned
// in main.cpp changes nothing else; `hidden *= 2` makes `hidden` unknown. Each expected finding
// has a CROSS-EXPECT comment on its line, followed by text of its message; every other line must
// give none.
#pragma once
#include <torch/torch.h>
#include <vector>

class Data {
public:
  int hidden = 64;
  int steps = 1;
  std::vector<int64_t> widths;

  // data.cpp: fills the samples and `steps`.
  void Initialize(int n);
  // data.cpp: doubles `hidden`.
  void Widen();
  // data.cpp: hands `this` to a registry that may change it later.
  void Register();
  // Defined here: writes `steps` only, or `hidden`.
  void Reset() { steps = 0; }
  void Grow(int by) { hidden += by; }

private:
  std::vector<float> samples_;
};

void run(const Data &data, int which);
