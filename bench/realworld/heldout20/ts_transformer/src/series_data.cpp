#include "series_data.h"

#include <cmath>
#include <random>

SeriesBatchSet make_series(int64_t count, int64_t src_len, int64_t pred_len, uint64_t seed)
{
    std::mt19937_64 gen(seed);
    std::uniform_real_distribution<float> uni(0.f, 1.f);
    std::normal_distribution<float> noise(0.f, 0.05f);
    const int64_t total = src_len + pred_len;

    auto src = torch::zeros({count, src_len, 3});
    auto valid = torch::ones({count, src_len}, torch::kBool);
    auto series = torch::zeros({count, total});
    auto s_acc = series.accessor<float, 2>();
    for (int64_t n = 0; n < count; ++n)
    {
        float level = uni(gen) - 0.5f;
        float amp = 0.3f + 0.7f * uni(gen);
        float period = 6.f + 10.f * uni(gen);
        float phase = 6.283f * uni(gen);
        float slope = 0.02f * (uni(gen) - 0.5f);
        for (int64_t t = 0; t < total; ++t)
        {
            s_acc[n][t] = level + amp * std::sin(6.283f * t / period + phase) + slope * t + noise(gen);
        }
    }
    auto t_idx = torch::arange(src_len, torch::kFloat);
    auto calendar_sin = torch::sin(6.283f * t_idx / 12.f);
    auto calendar_cos = torch::cos(6.283f * t_idx / 12.f);
    src.select(2, 0).copy_(series.slice(1, 0, src_len));
    src.select(2, 1).copy_(calendar_sin.expand({count, src_len}));
    src.select(2, 2).copy_(calendar_cos.expand({count, src_len}));
    for (int64_t n = 0; n < count; ++n)
    {
        if (uni(gen) < 0.3f)
        {
            int64_t pad = 1 + static_cast<int64_t>(uni(gen) * 12.f);
            src[n].slice(0, 0, pad).zero_();
            valid[n].slice(0, 0, pad).fill_(false);
        }
    }
    auto future = series.slice(1, src_len, total).unsqueeze(-1);
    auto shifted = series.slice(1, src_len - 1, total - 1).unsqueeze(-1);
    return {src, valid, shifted, future};
}
