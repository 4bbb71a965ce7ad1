#pragma once
#include <cstdint>

namespace tahoma::vocab {

    enum SpecialId : int64_t { kPadId = 0, kBosId = 1, kEosId = 2, kNumSpecial = 3 };

    // special tokens plus the symbols of the toy languages; defined in config.cpp
    extern const int64_t kVocabSize;

} // namespace tahoma::vocab
