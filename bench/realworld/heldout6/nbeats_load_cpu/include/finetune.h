#pragma once

#include "nbeats.h"
#include "series.h"

// Refits the forecast branches on the validation windows with L-BFGS; returns the last loss.
float finetune_forecast_heads(NBeats& model, const Windows& validation, int rounds);
