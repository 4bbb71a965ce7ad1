#include <stdio.h>
#include <torch/torch.h>

#include <cmath>
#include <iostream>
#include <random>

#include "benchmark_speech_commands.h"

// Feature block of one utterance, as the benchmark's .bin files hold it.
static const int kSequenceLen = 40;
static const int kInputDim = 80;
static const int kTotalClasses = 30;


int main(int argc, char* argv[])
{
	torch::manual_seed(0);

	int ret;
	DATASET_DATA training_set;
	DATASET_DATA testing_set;
	int epochs = 2;

	if (argc > 1)
	{
		epochs = atoi(argv[1]);
	}

	std::cout << "synthesizing speech commands data set..." << std::endl;

	ret = SynthesizeDataset(8, kTotalClasses, 1, &training_set);
	if (ret)
	{
		return -1;
	}
	ret = SynthesizeDataset(2, kTotalClasses, 2, &testing_set);
	if (ret)
	{
		return -1;
	}

	std::cout << "done [trainig examples: " << training_set.total_examples << " test examples: " << testing_set.total_examples << "]\n" << std::endl;

	std::cout << "speech commands training using libtorch library (" << epochs << " epoch(s))..." << std::endl;
	ret = speech_commands_libtorch(&training_set, &testing_set, epochs);

	FreeDataset(&training_set);
	FreeDataset(&testing_set);

	if (ret)
	{
		return -1;
	}
	std::cout << "final loss: " << g_final_loss << std::endl;
	return 0;
}


void Normalize(float* data, int len)
{
	double mu;
	double sd;
	double sd_inv;
	double val;
	int i;
	double epsilon = 1.0e-8;

	mu = 0;

	for (i = 0; i < len; i++)
	{
		mu += data[i];
	}

	mu /= len;

	sd = 0;
	for (i = 0; i < len; i++)
	{
		val = data[i] - mu;
		sd += (val * val);
	}

	sd /= len;

	sd = sqrt(sd);
	sd_inv = 1.0 / (sd + epsilon);

	for (i = 0; i < len; i++)
	{
		data[i] = (data[i] - mu) * sd_inv;
	}
}


// Stands in for LoadDataset: per class, a formant-like ridge whose start bin
// and slope over the frames depend on the class, plus noise.
int SynthesizeDataset(int examples_per_class, int total_classes, unsigned int seed, DATASET_DATA* data_set)
{
	std::mt19937 gen(seed);
	std::normal_distribution<float> noise(0.0f, 0.5f);
	std::uniform_int_distribution<int> jitter(-2, 2);
	int index;
	int i;
	int j;

	data_set->total_examples = examples_per_class * total_classes;
	data_set->audio_data = new float*[data_set->total_examples];
	data_set->labels = new int64_t[data_set->total_examples];

	index = 0;
	for (i = 0; i < total_classes; i++)
	{
		int start_bin = (i * 37) % kInputDim;
		float slope = ((i % 5) - 2) * 0.5f;
		for (j = 0; j < examples_per_class; j++)
		{
			float* block = new float[kSequenceLen * kInputDim];
			int shift = jitter(gen);
			for (int t = 0; t < kSequenceLen; t++)
			{
				float centre = start_bin + shift + slope * t;
				for (int f = 0; f < kInputDim; f++)
				{
					float d = (f - centre) / 3.0f;
					block[t * kInputDim + f] = std::exp(-d * d) * 2.0f + noise(gen);
				}
			}
			Normalize(block, kSequenceLen * kInputDim);
			data_set->audio_data[index] = block;
			data_set->labels[index] = i;
			index++;
		}
	}

	data_set->file_dir = "synthetic";

	return 0;
}

void FreeDataset(DATASET_DATA* data_set)
{
	for (int i = 0; i < data_set->total_examples; i++)
	{
		delete[] data_set->audio_data[i];
	}
	delete[] data_set->audio_data;
	delete[] data_set->labels;
}
