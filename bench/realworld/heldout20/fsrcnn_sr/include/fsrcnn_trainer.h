#ifndef _FSRCNN_TRAINER_H_HH
#define _FSRCNN_TRAINER_H_HH

#include "fsrcnn_net.h"
#include "datasets.h"

typedef struct _configs {
	float lr;
	int nEpochs;
	int seed;
	int upscale_factor;
	int trainBatchSize;
	int testBatchSize;
	int d;
	int s;
} config;

class FSRCNNTrainer {
public:
	FSRCNNTrainer(config param);
	virtual ~FSRCNNTrainer();
public:
	void run(fsrcnnDataset trainData, fsrcnnDataset testData);
	float last_loss() const { return last_loss_; }
	float first_psnr() const { return first_psnr_; }
	float last_psnr() const { return last_psnr_; }
protected:
	void build_modle();
	float train(fsrcnnDataset trainData);
	float test(fsrcnnDataset testData);
private:
	bool is_cuda_useful;
	config superParams;
	std::shared_ptr<fsrcnnNet> model;
	float last_loss_ = 0.f;
	float first_psnr_ = 0.f;
	float last_psnr_ = 0.f;
};
#endif
