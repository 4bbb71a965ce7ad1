#ifndef PARAMS_HPP
#define PARAMS_HPP

// Experiment parameters, read by the loader template as TParams (sferes style).
struct Params {
    struct qd {
        static constexpr int gen_dim = 2;
        static constexpr int behav_dim = 2;
        static constexpr bool sample = true;
    };

    struct sim {
        static constexpr int trajectory_length = 25;
        static constexpr int num_trajectory_elements = 2 * trajectory_length;
    };

    struct random {
        static constexpr int max_num_random = 1;
    };

    struct ae {
        static constexpr int batch_size = 32;
        static constexpr int nb_epochs = 240;
        static constexpr int min_num_epochs = 60;
        static constexpr int running_mean_num_epochs = 5;
        static constexpr float CV_fraction = 0.75f;
        static constexpr float learning_rate = 2e-3f;
        static constexpr float beta = 0.05f;
        static constexpr bool bias = true;
        static constexpr bool full_loss = true;

        enum class loss { L2, L1, SmoothL1 };
        static constexpr loss loss_function = loss::L2;

        // network
        static constexpr int en_hid_dim1 = 20;
        static constexpr int en_hid_dim2 = 32;
        static constexpr int de_hid_dim1 = 32;
        static constexpr int de_hid_dim2 = 20;
    };
};

#endif
