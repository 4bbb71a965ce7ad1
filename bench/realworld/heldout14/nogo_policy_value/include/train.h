//
// Training driver after syys96's train.h (self-play replaced by an expert stand-in).
//

#ifndef EXAMPLE_APP_TRAIN_H
#define EXAMPLE_APP_TRAIN_H

#include <random>
#include <vector>
#include <torch/torch.h>

#include "nogo.h"
#include "policy_value_net.h"

class Train
{
public:
    Train(uint32_t batch_size, uint32_t epochs, double lr, uint32_t buffer_size, bool use_cuda);
    void run(uint32_t n_game, uint32_t positions_per_game, uint32_t check_freq);
    std::vector<double> train_step(const at::Tensor &state, const at::Tensor &prob, const at::Tensor &value,
                                   const at::Tensor &legal);
    // {value sign accuracy, policy top-1 agreement}
    std::vector<double> evaluate(uint32_t num);
    double last_loss() const { return last_loss_; }

private:
    void augment_data(std::vector<Position> &positions);

    NoGo nogo;
    PolicyValueNet network;
    torch::optim::Adam optimizer;
    at::Tensor states, probs, values, legals;
    uint32_t batch_size, epochs, N;
    std::mt19937 rng;
    double last_loss_ = 0.0;
};

#endif //EXAMPLE_APP_TRAIN_H
