#include "TrainParams.h"

#include <cstdio>
#include <cstdlib>
#include <unistd.h>

void initTrainingParams(TrainParams *pParams){
	pParams->iNoiseSize = 100;
	pParams->iBatchSize = 32;
	pParams->iNumOfEpochs = 3;
	pParams->iNumOfImages = 1600;
	pParams->iLogInterval = 25;
	pParams->iNumOfSamples = 256;
} // End of initTrainingParams

int parseArgs(int argc, char **argv, TrainParams *pParams){
	while(1){
		int iArgs = getopt(argc, argv, "hb:e:l:");
		if(-1 == iArgs)
			break;

		switch (iArgs) {
			case 'h':
				printf("dcgan_params_cpu:\nThis program is implemented by libtorch to generate fake stroke images with GAN.\nUsage:\n");
				printf("\t-b:\tThe batch size for training model.\n");
				printf("\t-e:\tThe number of the epoches for training.\n");
				printf("\t-l:\tSet to log a new update with the loss value.\n");
				printf("\t-h:\tShow the usage of this program.\n");
				return -1;
			case 'b':
				pParams->iBatchSize = atoi(optarg);
				break;
			case 'e':
				pParams->iNumOfEpochs = atoi(optarg);
				break;
			case 'l':
				pParams->iLogInterval = atoi(optarg);
				break;
			default:
				printf("Error: The argument -%c is invalid! Please use '-h' to check the usage of this program.", optopt);
				return -1;
		} // End of switch
	} // End of while-loop

	return 0;
} // End of parseArgs
