#include "model_option.h"

std::array<int64_t, 3> get_layers(ResNetOption option) {
  switch (option) {
    case ResNetOption::kTiny:
      return {1, 1, 1};
    case ResNetOption::kSmall:
      return {2, 2, 2};
  }
  return {1, 1, 1};
}
