#include "tdatabase.h"
#include "util.h"
#include <cmath>
#include <random>

dataframe make_ticker(const std::string &ticker, std::size_t days, unsigned seed,
                      std::size_t offset)
{
	std::mt19937 gen(seed);
	std::normal_distribution<float> eps(0.f, 1.f);
	dataframe df;
	float close {50.f + static_cast<float>(ticker.size()) * 10.f};
	float r {0.f};
	for (std::size_t t {}; t < days + offset; ++t) {
		// momentum, a 40-day cycle and noise on the daily return
		r = 0.35f * r + 0.004f * std::sin(6.2831853f * t / 40.f) + 0.008f * eps(gen);
		const float open {close};
		close = close * std::exp(r);
		if (t < offset) continue;
		stockrow row {};
		row.index = static_cast<int>(t - offset);
		row.date = {2020 + static_cast<int>(t / 365), 1 + static_cast<int>((t % 365) / 31) % 12,
		            1 + static_cast<int>(t % 28)};
		row.open = open;
		row.close = close;
		row.high = std::max(open, close) * (1.f + 0.003f * std::abs(eps(gen)));
		row.low = std::min(open, close) * (1.f - 0.003f * std::abs(eps(gen)));
		row.volume = 100000 + static_cast<int>(20000.f * std::abs(eps(gen)));
		df.sr.push_back(row);
	}
	df.start_date = df.sr.front().date;
	df.end_date = df.sr.back().date;
	fill_derived(df);
	return df;
}
