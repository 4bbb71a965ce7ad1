#ifndef TRAINER_H
#define TRAINER_H

#include <torch/torch.h>

#include <memory>
#include <vector>

#include "core/AbstractModel.h"
#include "core/Settings.h"
#include "InputProcessing/DataLoaderData.h"

class Trainer
{
public:
	Trainer(const Settings& sets, std::shared_ptr<AbstractModel> model);

	// returns the loss of the last batch
	double Run(const std::vector<DataLoaderData>& trainBatches);

	// mean intersection over union of the thresholded masks
	double Evaluate(const std::vector<DataLoaderData>& testBatches);

protected:
	const Settings& sets;
	std::shared_ptr<AbstractModel> model;
};

#endif
