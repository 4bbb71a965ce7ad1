#include "model.h"
#include "siam_data_loader.h"

int main()
{
	torch::manual_seed(11);

	auto epochs = 4;
	auto batch_size = 32;
	auto device = torch::kCPU;

	if (torch::cuda::is_available()) {
		std::cout << "CUDA is available!" << std::endl;
		device = torch::kCUDA;
	}

	Siam_data_set data_set_train(2400, 1);
	data_set_train.load_to_mem();

	Siam_data_set data_set_val(200, 2);
	Siam_data_set data_set_test(400, 3);
	Siam_data_set data_set_hard(300, 4);

	Siam_data_loader train_loader(data_set_train, batch_size);

	ConvNet model(3, Siam_data_set::kHeight, Siam_data_set::kWidth);
	model->eval();

	std::cout << "Test data error before training: " << siam_test(data_set_test, model) << std::endl;

	siam_train(train_loader, data_set_val, model, epochs, device);

	double test_error = siam_test(data_set_test, model);
	std::cout << "final loss: " << last_epoch_loss << std::endl;
	std::cout << "Test data error: " << test_error << " (accuracy " << 1.0 - test_error << ")" << std::endl;

	std::cout << "Val data " << siam_test(data_set_val, model) << std::endl;

	std::cout << "Train data " << siam_test(data_set_train, model) << std::endl;

	int n_hard = siam_finetune_hard(data_set_hard, model, 40, device);
	std::cout << "Hard pairs refit: " << n_hard << ", test data error after: " << siam_test(data_set_test, model) << std::endl;

	return 0;
}
