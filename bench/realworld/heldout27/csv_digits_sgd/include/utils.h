#pragma once

#include <string>
#include <tuple>
#include <vector>

// Rows of (image file name, label), as the original's file_names.csv holds them.
std::vector<std::tuple<std::string, int64_t>> ReadCsv(const std::string &path);
