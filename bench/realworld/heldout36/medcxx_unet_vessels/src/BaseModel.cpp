#include "BaseModel.hpp"

BaseModel::BaseModel(const std::string& name, torch::Device device)
: name(name), device(device) {}

BaseModel::~BaseModel() {}
