#ifndef TRAIN_PARAMS_H
#define TRAIN_PARAMS_H

// Description: Store the parameters for training
struct TrainParams{
	// The size of the noise vector fed to the generator
	unsigned int iNoiseSize;

	// The batch size for training
	unsigned int iBatchSize;

	// The number of epochs
	unsigned int iNumOfEpochs;

	// The number of synthetic training images
	unsigned int iNumOfImages;

	// After how many batches to log a new update with the loss value
	unsigned int iLogInterval;

	// How many images to sample for the test
	unsigned int iNumOfSamples;
}; // End of struct TrainParams

/* Description: Initialzie training parameters
 * @param pParams[out]: Return the initialized training parameters
 */
void initTrainingParams(TrainParams *pParams);

/* Description: Parse the arguments from user.
 * @return Return 0 if succeed to parse arguments, otherwise return -1.
 */
int parseArgs(int argc, char **argv, TrainParams *pParams);

/*
 * Description: Train DCGAN models
 * @param pParams: The training parameters
 */
void train(const TrainParams *pParams);

#endif
