#include "report.h"
#include "hparams.h"
#include <algorithm>
#include <iostream>

//==================================================================
void DrawChart(std::string& out, const std::vector<float>& vals, size_t width)
{
    if (vals.empty())
        return;
    const auto [mn, mx] = std::minmax_element(vals.begin(), vals.end());
    const float range = std::max(*mx - *mn, 1e-6f);
    const char* levels = " .:-=+*#";
    const size_t n = std::min(width, vals.size());
    for (size_t i = 0; i < n; ++i)
    {
        const size_t idx = i * vals.size() / n;
        const int lv = (int)((vals[idx] - *mn) / range * 7.0f);
        out += levels[std::clamp(lv, 0, 7)];
    }
    out += "\n";
}

void printLossReport(size_t epoch, const std::vector<float>& trainLossHist,
                     const std::vector<float>& testLossHist)
{
    std::string str;
    str = "## Train Loss\n";
    DrawChart(str, trainLossHist, CHART_W);
    str += "## Test Loss\n";
    DrawChart(str, testLossHist, CHART_W);
    std::cout << str;

    std::cout << "Epoch [" << (epoch + 1) << "/" << EPOCHS_N << "], "
              << "Train Loss: " << trainLossHist.back() << ", "
              << "Test Loss: " << testLossHist.back() << std::endl;
}
