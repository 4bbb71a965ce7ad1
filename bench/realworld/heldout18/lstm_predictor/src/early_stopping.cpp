/**
 * @file early_stopping.cpp
 */

#include "early_stopping.h"

#include <iostream>
#include <limits>

namespace lstm_predictor {

EarlyStopping::EarlyStopping(int patience, double minDelta, bool verbose)
    : patience_(patience), minDelta_(minDelta), verbose_(verbose), counter_(0),
      bestLoss_(std::numeric_limits<double>::infinity()) {}

bool EarlyStopping::operator()(double valLoss, LSTMModel& model) {
    if (valLoss < bestLoss_ - minDelta_) {
        bestLoss_ = valLoss;
        counter_ = 0;
        return false;
    }
    counter_++;
    if (verbose_) {
        std::cout << "EarlyStopping counter: " << counter_ << " of " << patience_
                  << " (" << model->getNumParameters() << " parameters)" << std::endl;
    }
    return counter_ >= patience_;
}

} // namespace lstm_predictor
