#pragma once

// ======================== Hyperparameters ========================
const int ROWS = 6;
const int COLS = 7;
const int STATE_SIZE = 2 * ROWS * COLS;   // two planes: own and opponent stones
const int ACTION_SIZE = COLS;             // 7 possible moves
constexpr bool kWideNet = false;
const int HIDDEN_SIZE = kWideNet ? 128 : 100;
const double GAMMA = 0.95;
const double LEARNING_RATE = 0.0005;
const int MEMORY_SIZE = 5000;
const int BATCH_SIZE = 64;
const double EPSILON_DECAY = 0.99;
const double MIN_EPSILON = 0.05;
const int TARGET_SYNC = 25;
