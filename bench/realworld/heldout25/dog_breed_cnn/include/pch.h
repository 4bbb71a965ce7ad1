#pragma once
#include <torch/torch.h>

#include <chrono>
#include <cmath>
#include <iostream>
#include <optional>
#include <string>
#include <vector>
