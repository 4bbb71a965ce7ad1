#include "controller.h"

#include <cmath>
#include <limits>

#include "shared_data.h"

WMEEController::WMEEController(int id, World* world, unsigned seed)
    : _id(id), _world(world), _rng(seed) {
  std::uniform_real_distribution<double> u(0.1, 0.9);
  _pose = {u(_rng), u(_rng), 6.283 * u(_rng)};
  _data = torch::zeros({WMEESharedData::dataBaseMaxCapacity, WMEESharedData::kNbInputs});
  createNN();
}

void WMEEController::createNN() {
  _visual_nn = std::make_shared<AE>(WMEESharedData::kNbInputs, WMEESharedData::aeHDim,
                                    WMEESharedData::aeZDim, WMEESharedData::aeLearningRate);
}

void WMEEController::step() {
  _iteration++;

  std::vector<double> inputs = _world->sense(_pose);
  const auto idx = static_cast<int64_t>(_dataIdx % (size_t)WMEESharedData::dataBaseMaxCapacity);
  auto data_access = _data.accessor<float, 2>();
  for (int64_t j = 0; j < data_access.size(1); ++j) {
    if (std::isfinite(inputs[j]))
      data_access[idx][j] = static_cast<float>((1.0 + inputs[j]) / 2.0);  // [-1, 1] -> [0, 1]
    else
      data_access[idx][j] = 0.0f;
  }
  ++_dataIdx;

  // A Braitenberg-like wanderer in place of the evolved MLP controller.
  std::uniform_real_distribution<double> noise(-0.3, 0.3);
  const double front = inputs[0];
  const double rotation = (front < -0.5 ? 0.8 : 0.0) + noise(_rng);
  _world->move(_pose, 0.03, rotation);

  if (_dataIdx >= (size_t)WMEESharedData::dataBaseMaxCapacity && _iteration % 2 == 0) {
    trainAE();
  }
}

double WMEEController::testAE(std::shared_ptr<AE> ae) {
  torch::NoGradGuard no_grad;
  (*ae)->eval();
  auto output = (*ae)->forward(_data);
  auto test_loss = torch::mse_loss(output.reconstruction, _data);
  return test_loss.item<double>();
}

void WMEEController::trainAE() {
  (*_visual_nn)->train();

  auto output = (*_visual_nn)->forward(_data);
  auto train_loss = torch::mse_loss(output.reconstruction, _data);

  (*_visual_nn)->optim->zero_grad();
  train_loss.backward();
  (*_visual_nn)->optim->step();
  _lastTrainLoss = train_loss.item<double>();
}

void WMEEController::stepEvolution(std::vector<WMEEController*>& neighbours) {
  if (_dataIdx <= (size_t)WMEESharedData::dataBaseMaxCapacity ||
      _iteration % WMEESharedData::evaluationTime != 0) {
    return;
  }
  // Store the models broadcast by the neighbours, then keep the best one on our own data.
  _vec_visual_nn.clear();
  _vec_visual_nn[std::make_pair(_id, 0)] = _visual_nn;
  for (auto* other : neighbours) {
    if (other == this) continue;
    if ((int)_vec_visual_nn.size() >= WMEESharedData::maxStoredVisualModels) break;
    _vec_visual_nn[std::make_pair(other->id(), _iteration)] = other->visualModel();
  }
  std::map<std::pair<int, int>, double> ae_losses;
  double best = std::numeric_limits<double>::max();
  std::pair<int, int> best_key{_id, 0};
  for (auto& pae : _vec_visual_nn) {
    ae_losses[pae.first] = testAE(pae.second);
    if (ae_losses[pae.first] < best) {
      best = ae_losses[pae.first];
      best_key = pae.first;
    }
  }
  if (best_key.first != _id && best < 0.9 * ae_losses[std::make_pair(_id, 0)]) {
    // Copy the better weights into our own model (the original swaps the pointer;
    // here every robot keeps its own Adam).
    torch::NoGradGuard no_grad;
    auto src = (*_vec_visual_nn[best_key])->parameters();
    auto dst = (*_visual_nn)->parameters();
    for (size_t i = 0; i < dst.size(); ++i) dst[i].copy_(src[i]);
  }
}
