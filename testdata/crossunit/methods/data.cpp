#include "data.h"

namespace {
std::vector<Data *> registry;
}

void Data::Initialize(int n) {
  for (int i = 0; i < n; ++i)
    samples_.push_back(static_cast<float>(i));
  steps = n;
}

void Data::Widen() { hidden = hidden * 2; }

void Data::Register() { registry.push_back(this); }
