#include "train.h"
#include "dataset.h"

double evaluate(ConvNet model, torch::Device device, int input_size, int num_images)
{
	model->eval();
	torch::NoGradGuard no_grad;
	size_t correct = 0;
	for (int i = 0; i < num_images; i++) {
		int label = i % 2;
		auto img_tensor = draw_picture(label, input_size, 900001u + static_cast<uint64_t>(i) * 7919u);
		img_tensor = torch::data::transforms::Normalize<>({ 0.5, 0.5, 0.5 }, { 0.5, 0.5, 0.5 })(img_tensor);
		img_tensor = img_tensor.unsqueeze(0).to(device);
		auto output = model->forward(img_tensor);
		if (output.argmax(1).item<int64_t>() == label)
			correct++;
	}
	model->train();
	return static_cast<double>(correct) / num_images;
}
