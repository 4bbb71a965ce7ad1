/**
 * @file early_stopping.h
 */
#pragma once

#include "lstm_model.h"

namespace lstm_predictor {

class EarlyStopping {
public:
    EarlyStopping(int patience, double minDelta, bool verbose);

    /// Returns true when training should stop.
    bool operator()(double valLoss, LSTMModel& model);

    double bestLoss() const { return bestLoss_; }

private:
    int patience_;
    double minDelta_;
    bool verbose_;
    int counter_;
    double bestLoss_;
};

} // namespace lstm_predictor
