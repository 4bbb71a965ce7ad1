// preprocessor.h — photometric preprocessing shared by training and inference
#pragma once

#include "common/types.h"

namespace cms {

struct PipelineConfig {
    bool enable_clahe = true;
    bool enable_gradient_alignment = false;
};

struct PreprocessedPair {
    FloatPlane left;
    FloatPlane right;
};

class Preprocessor {
public:
    explicit Preprocessor(const PipelineConfig& config) : config_(config) {}
    Result<PreprocessedPair> process(const FloatPlane& left, const FloatPlane& right,
                                     Modality left_modality, Modality right_modality) const;

private:
    PipelineConfig config_;
};

} // namespace cms
