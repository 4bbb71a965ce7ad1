#include "Segmentor.h"

#include <iostream>

int main() {
	torch::manual_seed(3);

	int gpu_id = torch::cuda::is_available() ? 0 : -1;
	Segmentor<UNet> segmentor;
	segmentor.Initialize(gpu_id, 32, 32, { "background", "disc", "square" }, 4);

	trainTricks tricks;
	// tricks for data augmentations
	tricks.horizontal_flip_prob = 0.5;
	tricks.vertical_flip_prob = 0;
	// tricks for training: a frozen encoder for the first epoch, lr / 10 at epoch 6
	tricks.freeze_epochs = 1;
	tricks.decay_epochs = { 6 };
	tricks.dice_ce_ratio = 0.5;
	segmentor.SetTrainTricks(tricks);

	const float miou_before = segmentor.Evaluate(32, 99);
	const float loss = segmentor.Train(0.003f, 7, 8, 320, 64);
	const float miou_after = segmentor.Evaluate(32, 99);

	std::cout << "final loss: " << loss << std::endl;
	std::cout << "test mIoU (disc, square): " << miou_before << " -> " << miou_after << std::endl;
	return 0;
}
