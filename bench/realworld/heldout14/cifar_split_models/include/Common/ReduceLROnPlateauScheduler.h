#ifndef REDUCE_LR_ON_PLATEAU_SCHEDULER_H
#define REDUCE_LR_ON_PLATEAU_SCHEDULER_H

#include <limits>
#include <torch/torch.h>

namespace torch_explorer
{
    // Halves the learning rate of every parameter group when the monitored loss stops improving.
    class ReduceLROnPlateauScheduler
    {
    public:
        explicit ReduceLROnPlateauScheduler(torch::optim::Optimizer& optimizer, double factor = 0.5, int patience = 0)
            : optimizer_(optimizer), factor_(factor), patience_(patience) {}

        void doStep(double metric)
        {
            if (metric < best_)
            {
                best_ = metric;
                bad_epochs_ = 0;
                return;
            }
            if (++bad_epochs_ > patience_)
            {
                for (auto& group : optimizer_.param_groups())
                {
                    group.options().set_lr(group.options().get_lr() * factor_);
                }
                bad_epochs_ = 0;
            }
        }

    private:
        torch::optim::Optimizer& optimizer_;
        double factor_;
        int patience_;
        int bad_epochs_ = 0;
        double best_ = std::numeric_limits<double>::infinity();
    };
}

#endif
