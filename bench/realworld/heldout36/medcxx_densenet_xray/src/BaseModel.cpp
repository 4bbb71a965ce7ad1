#include "BaseModel.hpp"

namespace med {
namespace models {

BaseModel::BaseModel(const std::string& name, torch::Device device)
: name(name), device(device) {}

BaseModel::~BaseModel() {}

} // namespace models
} // namespace med
