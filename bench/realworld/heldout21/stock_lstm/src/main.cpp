#include "struc.h"
#include "menu.h"
#include <iostream>
#include <torch/torch.h>
#include <vector>

// CPU only, as the original: no device anywhere.
int main() {
	torch::manual_seed(11);
	// Declare database and menu flags.
	database db;
	flag     f;

	std::cout.precision(f.precision);
	std::cout << "ctock Seer (synthetic market)\n";

	// the original reads these from the keyboard; a fixed script here
	const std::vector<std::string> script {
		"add AAPL 480 1",
		"add MSFT 480 2",
		"add GOOG 480 3",
		"add AMZN 480 4",
		"lstm MSFT 40 150",
		"lstm4 AAPL MSFT GOOG AMZN",
		"lstm AAPL",
		"quit"
	};
	for (const auto &command : script) {
		if (menu(db, f, command))
			break;
	}

	std::cout << "final loss: " << last_final_loss() << '\n';
	std::cout << "test MSE: " << last_test_mse() << " (naive last-close forecast: "
	          << last_naive_mse() << ")\n";
	return 0;
}
