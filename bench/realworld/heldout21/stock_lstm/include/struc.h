#include <array>
#include <vector>
#include <string>
#include <limits>
#pragma once

constexpr int           I_MIN  {std::numeric_limits<int>::min()};
constexpr int           I_MAX  {std::numeric_limits<int>::max()};
constexpr std::string::size_type IN_LIMIT_DEFAULT {80};
constexpr std::string::size_type IN_LIMIT_MIN {16};
constexpr int                    PRECISION_DEFAULT {6};

// defaults of the "lstm" menu command
constexpr std::size_t BUFFER_DEFAULT {10};
constexpr std::size_t GAP_DEFAULT    {0};
constexpr std::size_t TARGET_DEFAULT {1};
constexpr int64_t     HIDDEN_DEFAULT {50};
constexpr int64_t     EPOCHS_DEFAULT {200};

// std::chrono::year_month_day in the original (C++20); a plain date here
struct ymd {
	int year;
	int month;
	int day;
};

struct stockrow {
	int    index;
	ymd    date;
	float open;
	float high;
	float low;
	float close;
	int    volume;
	float dividends;
	float stocksplits;
};

struct stockrow_b {
	int    index;
	ymd    date;
	bool   open;
	bool   high;
	bool   low;
	bool   close;
	bool   volume;
	bool   dividends;
	bool   stocksplits;
};

struct stockrow_f {
	int    index;
	ymd    date;
	float open;
	float high;
	float low;
	float close;
	float volume;
	float dividends;
	float stocksplits;
};

struct dataframe {
	std::vector<stockrow>   sr;     // Regular
	std::vector<stockrow>   sr_dif; // Change
	std::vector<stockrow_f> sr_per; // Change Percent
	std::vector<stockrow_f> sr_log; // Log Change
	std::vector<stockrow_b> sr_up;  // Up or Down
	ymd start_date;
	ymd end_date;
};

struct database {
	std::vector<dataframe>   df;
	std::vector<std::string> ticker; // Name of stock (Ticker Symbol)
};

struct flag {
	bool                   py_mode {false};            // Running state of Python Interpreter
	std::string::size_type in_limit {IN_LIMIT_DEFAULT}; // Command input length limit at menu
	int                    precision {PRECISION_DEFAULT};
};
