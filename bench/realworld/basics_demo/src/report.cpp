#include "report.h"

#include <iostream>

void report(const std::string &what, const torch::Tensor &value) { std::cout << what << ":\n" << value << '\n'; }
