#pragma once
#include <torch/torch.h>
#include "convnet.h"

// Fine-tunes the model at a lower learning rate with a larger effective batch
// (gradients of kAccumulation mini-batches are summed before each step).
ConvNet train(ConvNet model, torch::Device device,
	size_t num_epochs, int batch_size, double learning_rate);

double evaluate(ConvNet model, torch::Device device, int input_size, int num_images);
