#ifndef FILE_H
#define FILE_H

#include <torch/torch.h>

#include <tuple>
#include <vector>

// one row per day: id, day, month, sales, temp, hum, os (precipitation), wind
using SalesRow = std::tuple<float, float, float, float, float, float, float, float>;

// the shop's export used to come from the database (mslq.cpp); here the
// history is generated: 730 days of one product
std::vector<SalesRow> getfile1(int *prod);

// the sales that were really observed on a day (days after the export too)
float getSales(int prod, int day);

int historyLength();

#endif // FILE_H
