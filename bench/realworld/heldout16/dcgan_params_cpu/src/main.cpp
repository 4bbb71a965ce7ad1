#include "TrainParams.h"

#include <torch/torch.h>

#include <cstdlib>

int main(int argc, char **argv){
	torch::manual_seed(1);

	TrainParams *pParams = (TrainParams*)malloc(sizeof(TrainParams));
	initTrainingParams(pParams);

	if(0 == parseArgs(argc, argv, pParams)){
		train(pParams);
	} // End of if-conditon

	free(pParams);
	pParams = NULL;
	return 0;
} // End of main
