#ifndef _TRAINER
#define _TRAINER

#include <torch/torch.h>

#include "networks.h"

class GANTrainer
{
public:
    explicit GANTrainer(int64_t num_images);

    void train();
    // Discriminator accuracy on held-out real images and fresh generated ones,
    // and the distance between the mean generated and the mean real image.
    std::pair<double, double> evaluate(int64_t count);

    double last_loss_d = 0.0;
    double last_loss_g = 0.0;
    int steps = 0;

private:
    torch::Device device;
    int64_t num_images;
    Generator G;
    Discriminator D;
};

#endif
