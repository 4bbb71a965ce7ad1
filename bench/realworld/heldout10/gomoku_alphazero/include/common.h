#pragma once

#define BORAD_SIZE 7
#define N_IN_ROW 4
#define BLACK 1
#define WHITE -BLACK
#define USE_GPU torch::cuda::is_available()

#define NUM_MCT_SIMS 160
#define C_PUCT 5.0
#define NUM_LAYERS 2
#define NUM_CHANNELS 32
#define BATCH_SIZE 64
#define NUM_EPOCHS 2
#define MAX_POSITIONS 1150
#define LR 2e-3
#define NUM_TRAIN_GAMES 90

#include <torch/torch.h>
#include <vector>

namespace customType {
    using v_buff_type = std::vector<int>;
    using p_buff_type = std::vector<std::vector<float>>;
    using board_type = std::vector<std::vector<int>>;
    using board_buff_type = std::vector<board_type>;
}
