#include "TrainParams.h"
#include "DCGANGenerator.h"
#include "Discriminator.h"
#include "StrokeDataset.h"

#include <cmath>
#include <cstdio>

namespace {

/* Description: Compare generated samples with held-out real images: the L1 distance between
 * their mean images and between their pixel histograms (10 bins over [-1, 1]).
 */
float sampleDistance(DCGANGenerator &poGeneratorNet, const TrainParams *pParams, const torch::Tensor &tReal){
	torch::NoGradGuard oNoGrad;
	poGeneratorNet->eval();
	torch::Tensor tSamples = poGeneratorNet->forward(torch::randn({tReal.size(0), pParams->iNoiseSize, 1, 1}));
	poGeneratorNet->train();
	float fMean = (tSamples.mean(0) - tReal.mean(0)).abs().mean().item<float>();
	float fHist = (torch::histc(tSamples, 10, -1, 1) / tSamples.numel() - torch::histc(tReal, 10, -1, 1) / tReal.numel()).abs().sum().item<float>();
	return fMean + fHist;
}

} // namespace

void train(const TrainParams *pParams){
	DCGANGenerator poGeneratorNet(pParams->iNoiseSize);
	torch::nn::Sequential poDiscriminator = makeDiscriminator(0.2);

	/* Synthetic stroke images for training, and a held-out set for the test
	 */
	auto poDataset = StrokeDataset(pParams->iNumOfImages, 7)
		.map(torch::data::transforms::Stack<>());
	StrokeDataset oTestSet(pParams->iNumOfSamples, 8);

	auto poDataLoader = torch::data::make_data_loader(std::move(poDataset),
			torch::data::DataLoaderOptions().batch_size(pParams->iBatchSize).drop_last(true));

	torch::optim::Adam oGeneratorOptimizer(poGeneratorNet->parameters(), torch::optim::AdamOptions(2e-4).betas(std::make_tuple(0.5, 0.999)));
	torch::optim::Adam oDiscriminatorOptimizer(poDiscriminator->parameters(), torch::optim::AdamOptions(2e-4).betas(std::make_tuple(0.5, 0.999)));

	unsigned long uiBatchSizePerEpochs = std::ceil(pParams->iNumOfImages / (double)pParams->iBatchSize);
	const float fBefore = sampleDistance(poGeneratorNet, pParams, oTestSet.images());

	float fLastDLoss = 0.0f, fLastGLoss = 0.0f;
	/* Run for-loop to train model
	 */
	for(unsigned int i = 1; i <= pParams->iNumOfEpochs; i++){
		unsigned long iBatchIndex = 0;
		for(torch::data::Example<> &oBatchExample : *poDataLoader){
			// Train the discriminator with real images
			poDiscriminator->zero_grad();
			torch::Tensor tRealImages = oBatchExample.data;
			torch::Tensor tRealLabel = torch::empty({oBatchExample.data.size(0), 1}).uniform_(0.8, 1.0);
			torch::Tensor tRealOutput = poDiscriminator->forward(tRealImages);
			torch::Tensor tLossReal = torch::binary_cross_entropy(tRealOutput, tRealLabel);
			tLossReal.backward();

			// Train the discriminator with fake images
			torch::Tensor tNoise = torch::randn({oBatchExample.data.size(0), pParams->iNoiseSize, 1, 1});
			torch::Tensor tFakeImages = poGeneratorNet->forward(tNoise);
			torch::Tensor tFakeLabels = torch::zeros({oBatchExample.data.size(0), 1});
			torch::Tensor tFakeOutput = poDiscriminator->forward(tFakeImages.detach());
			torch::Tensor tLossFake = torch::binary_cross_entropy(tFakeOutput, tFakeLabels);
			tLossFake.backward();

			torch::Tensor tTotalLoss = tLossReal + tLossFake;
			oDiscriminatorOptimizer.step();

			// Train the generator
			poGeneratorNet->zero_grad();
			tFakeLabels.fill_(1);
			tFakeOutput = poDiscriminator->forward(tFakeImages);
			torch::Tensor tGenLoss = torch::binary_cross_entropy(tFakeOutput, tFakeLabels);
			tGenLoss.backward();
			oGeneratorOptimizer.step();

			fLastDLoss = tTotalLoss.item<float>();
			fLastGLoss = tGenLoss.item<float>();
			if(++iBatchIndex % pParams->iLogInterval == 0){
				printf("[%2u/%2u][%3lu/%3lu] D_loss: %.6f | G_loss: %.6f\n", i, pParams->iNumOfEpochs,
						iBatchIndex, uiBatchSizePerEpochs, fLastDLoss, fLastGLoss);
			}
		} // End of for-loop
	} // End of for-loop

	const float fAfter = sampleDistance(poGeneratorNet, pParams, oTestSet.images());
	printf("final loss: %.6f\n", fLastDLoss);
	printf("final generator loss: %.6f\n", fLastGLoss);
	printf("test sample distance to held-out strokes (mean-image L1 + histogram L1): %.4f -> %.4f\n", fBefore, fAfter);
} // End of train
