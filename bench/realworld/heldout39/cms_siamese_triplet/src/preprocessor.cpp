// preprocessor.cpp — per-image contrast normalisation (stands in for CLAHE)
#include "preprocessing/preprocessor.h"

#include <algorithm>

namespace cms {
namespace {

FloatPlane normalise(const FloatPlane& in) {
    FloatPlane out = in;
    if (in.empty()) return out;
    auto [mn, mx] = std::minmax_element(in.data.begin(), in.data.end());
    const float lo = *mn;
    const float range = std::max(*mx - lo, 1e-3f);
    for (float& v : out.data) v = (v - lo) / range;
    return out;
}

} // namespace

Result<PreprocessedPair> Preprocessor::process(const FloatPlane& left, const FloatPlane& right,
                                               Modality left_modality,
                                               Modality right_modality) const {
    if (left.empty() || right.empty()) {
        return Result<PreprocessedPair>::error("empty image");
    }
    if (left.rows != right.rows || left.cols != right.cols) {
        return Result<PreprocessedPair>::error("left/right size mismatch");
    }
    (void)left_modality;
    (void)right_modality;
    PreprocessedPair pair;
    pair.left = config_.enable_clahe ? normalise(left) : left;
    pair.right = config_.enable_clahe ? normalise(right) : right;
    return Result<PreprocessedPair>::success(std::move(pair));
}

} // namespace cms
