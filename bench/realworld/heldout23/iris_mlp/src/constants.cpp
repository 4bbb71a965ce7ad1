#include "constants.h"

const int64_t kHidden = 50;
