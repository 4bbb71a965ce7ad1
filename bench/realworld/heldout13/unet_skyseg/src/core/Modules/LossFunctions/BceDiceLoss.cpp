#include "core/Modules/LossFunctions/BceDiceLoss.h"

static constexpr double EPS = 1e-8;
static constexpr double DICE_SMOOTH = 1.0;

BceDiceLoss::BceDiceLoss(double diceWeight) :
	diceWeight(diceWeight)
{
}

torch::Tensor BceDiceLoss::operator()(const torch::Tensor& output, const torch::Tensor& targets) const
{
	auto probs = torch::sigmoid(output);

	auto bce = -(targets * torch::log(probs + EPS) + (1.0 - targets) * torch::log(1.0 - probs + EPS));

	auto inter = (probs * targets).sum({ 1, 2, 3 });
	auto sums = probs.sum({ 1, 2, 3 }) + targets.sum({ 1, 2, 3 });
	auto dice = 1.0 - (2.0 * inter + DICE_SMOOTH) / (sums + DICE_SMOOTH);

	return (1.0 - diceWeight) * bce.mean() + diceWeight * dice.mean();
}
