#pragma once

#include <cstdint>

// One data set of the speech commands benchmark: per example, a block of
// sequence_len x input_dim filterbank features and a class label.
typedef struct DATASET_DATA
{
	int total_examples;
	float** audio_data;
	int64_t* labels;
	const char* file_dir;
} DATASET_DATA;

int speech_commands_libtorch(DATASET_DATA* training_set, DATASET_DATA* testing_set, int epochs);
int SynthesizeDataset(int examples_per_class, int total_classes, unsigned int seed, DATASET_DATA* data_set);
void FreeDataset(DATASET_DATA* data_set);
void Normalize(float* data, int len);

extern double g_final_loss;
