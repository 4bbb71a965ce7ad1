#pragma once

#include <torch/torch.h>

#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "autoencoder.h"
#include "world.h"

class WMEEController {
 public:
  WMEEController(int id, World* world, unsigned seed);

  void step();                       // one simulation step of this robot
  void trainAE();                    // one training iteration of the visual model
  double testAE(std::shared_ptr<AE> ae);
  void stepEvolution(std::vector<WMEEController*>& neighbours);

  std::shared_ptr<AE> visualModel() const { return _visual_nn; }
  double lastTrainLoss() const { return _lastTrainLoss; }
  int id() const { return _id; }

 private:
  void createNN();

  int _id;
  World* _world;
  RobotPose _pose;
  std::mt19937 _rng;
  size_t _dataIdx = 0;
  int _iteration = 0;
  torch::Tensor _data;
  std::shared_ptr<AE> _visual_nn;
  std::map<std::pair<int, int>, std::shared_ptr<AE>> _vec_visual_nn;
  double _lastTrainLoss = 0.0;
};
