#ifndef STDAFX_H
#define STDAFX_H

#include <torch/torch.h>

#include <array>
#include <cmath>
#include <iostream>
#include <tuple>
#include <vector>

#endif
