#include "util.h"
#include <cmath>
#include <sstream>

std::vector<std::string> split_ws(const std::string &in)
{
	std::istringstream iss(in);
	std::vector<std::string> out;
	std::string word;
	while (iss >> word) out.push_back(word);
	return out;
}

void fill_derived(dataframe &df)
{
	df.sr_dif.clear();
	df.sr_per.clear();
	df.sr_log.clear();
	df.sr_up.clear();
	for (std::size_t i {1}; i < df.sr.size(); ++i) {
		const stockrow &p = df.sr[i - 1];
		const stockrow &c = df.sr[i];
		stockrow d {c};
		d.close = c.close - p.close;
		d.open = c.open - p.open;
		df.sr_dif.push_back(d);
		stockrow_f per {};
		per.index = c.index;
		per.date = c.date;
		per.close = (c.close - p.close) / p.close * 100.f;
		df.sr_per.push_back(per);
		stockrow_f lg {per};
		lg.close = std::log(c.close / p.close) * 100.f;
		df.sr_log.push_back(lg);
		stockrow_b up {};
		up.index = c.index;
		up.date = c.date;
		up.close = c.close > p.close;
		df.sr_up.push_back(up);
	}
}

dataframe slice_frame(const dataframe &df, std::size_t from, std::size_t to)
{
	dataframe out;
	out.sr.assign(df.sr.begin() + from, df.sr.begin() + to);
	out.start_date = out.sr.front().date;
	out.end_date = out.sr.back().date;
	fill_derived(out);
	return out;
}

int find_ticker(const database &db, const std::string &ticker)
{
	for (std::size_t k {}; k < db.ticker.size(); ++k)
		if (db.ticker[k] == ticker) return static_cast<int>(k);
	return -1;
}
