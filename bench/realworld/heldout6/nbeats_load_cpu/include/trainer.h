#pragma once

#include <torch/torch.h>

#include "nbeats.h"
#include "series.h"

struct FitOptions {
  int epochs;
  int64_t batch_size;
  double lr;
};

// Mini-batch Adam training on the training windows; returns the last batch loss.
float fit(NBeats& model, const Windows& train, const FitOptions& options);
