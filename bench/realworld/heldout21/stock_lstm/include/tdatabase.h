#pragma once
#include "struc.h"
#include <string>

// synthetic daily prices in place of the yfinance download of the original
dataframe make_ticker(const std::string &ticker, std::size_t days, unsigned seed,
                      std::size_t offset = 0);
