#include "torch/torch.h"

#include <iostream>

#include "surrogate/sequence_predictor.h"
#include "surrogate/window_dataset.h"

int main() {
	torch::manual_seed(7);

	const int64_t window = 12;
	auto train = ofec::make_windows(40, 60, window, 10);
	auto test = ofec::make_windows(8, 60, window, 10);
	std::cout << "train windows " << train.inputs.size(0) << ", test windows "
		<< test.inputs.size(0) << std::endl;

	ofec::SequencePredictor<50> predictor;
	const auto untrained = predictor.evaluate(test);

	const double adam_loss = predictor.fit(train, 8, 64, 3e-3);
	const double lbfgs_loss = predictor.refine(train, 256, 5);
	const auto result = predictor.evaluate(test);

	std::cout << "adam loss: " << adam_loss << std::endl;
	std::cout << "final loss: " << lbfgs_loss << std::endl;
	std::cout << "test rmse: " << result.first << " (persistence " << result.second
		<< ", untrained " << untrained.first << ")" << std::endl;
	return 0;
}
