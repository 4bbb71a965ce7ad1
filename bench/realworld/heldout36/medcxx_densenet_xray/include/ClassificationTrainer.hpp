#pragma once

#include "BaseTrainer.hpp"
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace med {
namespace trainer {

class ClassificationTrainer : public BaseTrainer {
public:
    ClassificationTrainer(std::shared_ptr<models::BaseModel> model, const common::Config& cfg);

    void train() override;
    void evaluate() override;

private:
    std::vector<std::string> classes;
    std::map<std::string, int> classToIdx;

    std::vector<std::pair<std::string, int>> makeFileLabelList(const std::string& rootDir, size_t perClass);
};

} // namespace trainer
} // namespace med
