#include <torch/torch.h>

#include <iostream>
#include <string>

#include "SpeakerDataSet.h"

// In place of the original's export.cpp entry points (trainModel / testModel,
// called from a DLL), one program that trains and tests the speaker models.
void trainModel(SpeakerDataSet& speaker_train, int num_speakers)
{
	// synthetic features in place of the wav folders and their MFCC files
	speaker_train.load_synthetic_features(num_speakers, 16, 24);
	// the model folder
	std::string model_dir = "memory://modelDir";
	// train the models
	speaker_train.train_speaker_models(model_dir);
}

int main()
{
	torch::manual_seed(0);

	const int num_speakers = 4;
	SpeakerDataSet speaker_train(7);
	trainModel(speaker_train, num_speakers);

	auto test_samples = speaker_train.make_test_samples(5, 24);
	double before = speaker_train.test_untrained_model(test_samples);
	double after = speaker_train.test_speaker_models(test_samples);

	std::cout << "final loss: " << speaker_train.last_loss() << std::endl;
	std::cout << "triplet accuracy (" << test_samples.size() << " held-out utterances): untrained "
		<< before << " -> trained " << after << std::endl;
	return 0;
}
