#pragma once
#include <cstddef>

// sample size in minutes
constexpr size_t SAMPLE_SIZE_MINS = 60 * 12; // 12 hours

constexpr bool USE_LOG_RETURNS = true;

// sine wave parameters for our fictitious market history
constexpr double TRAINDATA_MIN_VAL = 1.0;
constexpr double TRAINDATA_MAX_VAL = 2.0;
constexpr double TRAINDATA_FREQUENCY = 1.0 / 40.0;
// how many minutes of history do we have ?
constexpr size_t TRAINDATA_SAMPLES_MINS_N = 60 * 24 * 30 * 3; // 3 months
// convert the minutes to samples
constexpr size_t TRAINDATA_SAMPLES_N = TRAINDATA_SAMPLES_MINS_N / SAMPLE_SIZE_MINS;

constexpr double TESTDATA_MIN_VAL = 1.0;
constexpr double TESTDATA_MAX_VAL = 2.0;
constexpr double TESTDATA_FREQUENCY = 1.0 / 40.0;
constexpr size_t TESTDATA_SAMPLES_MINS_N = 60 * 24 * 30 * 1; // 1 month
constexpr size_t TESTDATA_SAMPLES_N = TESTDATA_SAMPLES_MINS_N / SAMPLE_SIZE_MINS;

//==================================================================
constexpr size_t LSTM_INPUT_SIZE = 1; // only 1 feature (univariate time series data)
constexpr size_t LSTM_SEQUENCE_LENGTH = TRAINDATA_SAMPLES_N / 12;
constexpr size_t LSTM_LAYERS_N = 2;

// hidden state twice the look-back window
constexpr size_t LSTM_HIDDEN_SIZE = LSTM_SEQUENCE_LENGTH * 2;

constexpr double LEARNING_RATE_ADAMW = 0.0025;
constexpr size_t EPOCHS_N = 150;

constexpr size_t CHART_W = 60;
