#include "model.h"

NetOptions::NetOptions() = default;

auto NetOptions::Dim(int64_t x) -> NetOptions & {
  this->dim = x;
  return *this;
}

auto NetOptions::Ffn(int64_t x) -> NetOptions & {
  this->ffn = x;
  return *this;
}

auto NetOptions::HeadHidden(int64_t x) -> NetOptions & {
  this->head_hidden = x;
  return *this;
}

auto NetOptions::Classes(int64_t x) -> NetOptions & {
  this->classes = x;
  return *this;
}

auto NetOptions::Dropout(double x) -> NetOptions & {
  this->dropout = x;
  return *this;
}

auto NetOptions::Widen(int64_t factor) -> NetOptions & {
  this->dim *= factor;
  return *this;
}
