#ifndef _TRAIN_OPTION_H_
#define _TRAIN_OPTION_H_

#include <ostream>
#include <string>
#include <vector>

namespace train {

struct TrainOption {
    std::string agentType;
    std::string modelType;
    std::string optType;
    std::string interval;
    std::string sampler;

    std::vector<long> cols;
    long rnnBase;
    long rnnLayers;
    long linearBase;
    long normalizeLen;
    long window;
    float drop;
    float learnRate;
    unsigned trainLen;
    unsigned batchSize;
    unsigned maxEpoch;
    unsigned patient;
    unsigned repeat;
    float saveCumprod;
    long diff_col;

    float cumprod;

    std::string stringCols() const;
    std::string genTag() const;
};

std::ostream& operator<<(std::ostream& os, const TrainOption& op);

};

#endif // _TRAIN_OPTION_H_
