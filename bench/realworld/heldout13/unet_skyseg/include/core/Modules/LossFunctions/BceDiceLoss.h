#ifndef BCE_DICE_LOSS_H
#define BCE_DICE_LOSS_H

#include <torch/torch.h>

// Binary cross-entropy on the sigmoid of the logits plus a soft Dice term,
// for one-channel segmentation masks.
class BceDiceLoss
{
public:
	explicit BceDiceLoss(double diceWeight = 0.5);

	torch::Tensor operator()(const torch::Tensor& output, const torch::Tensor& targets) const;

protected:
	double diceWeight;
};

#endif
