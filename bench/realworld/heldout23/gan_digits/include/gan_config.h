#ifndef _GAN_CONFIG
#define _GAN_CONFIG

#define EPOCHS 10
#define FAKE_LABEL 0.0
#define REAL_LABEL 1.0
#define LATENT_DIM 100
#define IMAGE_SIZE 16
#define BATCH_SIZE 32

#endif
