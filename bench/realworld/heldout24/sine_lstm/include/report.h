#pragma once
#include <string>
#include <vector>

void DrawChart(std::string& out, const std::vector<float>& vals, size_t width);
void printLossReport(size_t epoch, const std::vector<float>& trainLossHist,
                     const std::vector<float>& testLossHist);
