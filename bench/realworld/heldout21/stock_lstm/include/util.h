#pragma once
#include "struc.h"
#include <string>
#include <vector>

std::vector<std::string> split_ws(const std::string &in);
void fill_derived(dataframe &df);  // sr_dif, sr_per, sr_log, sr_up from sr
dataframe slice_frame(const dataframe &df, std::size_t from, std::size_t to);
int find_ticker(const database &db, const std::string &ticker);
