#include "menu.h"
#include "lstm.h"
#include "tdatabase.h"
#include "util.h"
#include <iostream>
#include <sstream>

static lstm_result last_result {};

double last_final_loss() { return last_result.train_mse; }
double last_test_mse() { return last_result.test_mse; }
double last_naive_mse() { return last_result.naive_mse; }

bool menu(database &db, flag &f, const std::string &command)
{
	if (command.size() > f.in_limit) {
		std::cout << "Command too long.\n";
		return false;
	}
	std::vector<std::string> args {split_ws(command)};
	if (args.empty()) return false;
	std::cout << "> " << command << '\n';

	if (args[0] == "quit" || args[0] == "q") {
		return true;
	} else if (args[0] == "add" && args.size() == 4) {
		db.ticker.push_back(args[1]);
		db.df.push_back(make_ticker(args[1], std::stoul(args[2]),
		                            static_cast<unsigned>(std::stoul(args[3]))));
		std::cout << "Added " << args[1] << " (" << db.df.back().sr.size() << " days)\n";
	} else if (args[0] == "lstm" && args.size() >= 2) {
		const int k {find_ticker(db, args[1])};
		if (k < 0) { std::cout << "Unknown ticker.\n"; return false; }
		const dataframe &df {db.df[k]};
		const std::size_t split {df.sr.size() * 3 / 4};
		dataframe train {slice_frame(df, 0, split)};
		dataframe test {slice_frame(df, split - BUFFER_DEFAULT - 2, df.sr.size())};
		if (args.size() == 2) {
			last_result = run_lstm(train, test, BUFFER_DEFAULT, GAP_DEFAULT, TARGET_DEFAULT,
			                       HIDDEN_DEFAULT, EPOCHS_DEFAULT);
		} else {
			int64_t hidden {};
			int64_t epochs {EPOCHS_DEFAULT};
			std::istringstream(args[2]) >> hidden;
			if (args.size() > 3) std::istringstream(args[3]) >> epochs;
			last_result = run_lstm(train, test, BUFFER_DEFAULT, GAP_DEFAULT, TARGET_DEFAULT,
			                       hidden, epochs);
		}
	} else if (args[0] == "lstm4" && args.size() == 5) {
		const int k {find_ticker(db, args[1])};
		const int s0 {find_ticker(db, args[2])};
		const int s1 {find_ticker(db, args[3])};
		const int s2 {find_ticker(db, args[4])};
		if (k < 0 || s0 < 0 || s1 < 0 || s2 < 0) { std::cout << "Unknown ticker.\n"; return false; }
		const std::size_t n {db.df[k].sr.size()};
		const std::size_t split {n * 3 / 4};
		dataframe train {slice_frame(db.df[k], 0, split)};
		dataframe test {slice_frame(db.df[k], split - BUFFER_DEFAULT - 2, n)};
		last_result = run_lstm(train, test, BUFFER_DEFAULT, GAP_DEFAULT, TARGET_DEFAULT,
		                       HIDDEN_DEFAULT, EPOCHS_DEFAULT,
		                       db.df[s0], db.df[s1], db.df[s2]);
	} else {
		std::cout << "Unknown command.\n";
	}
	std::cout.precision(f.precision);
	return false;
}
