/*
  Input planes after Leela Chess Zero's encoder, for the board game.
*/
#pragma once

#include <torch/torch.h>

#include "board.h"

namespace lczero {

constexpr int kNumOutputPolicyFilters = game::kCols;   // one Q plane per column dropped into
constexpr int kMoveHistory = 8;
constexpr int kPlanesPerBoard = 2;
constexpr int kAuxPlaneBase = kPlanesPerBoard * kMoveHistory;
constexpr int kInputPlanes = kAuxPlaneBase + 2;

// [kInputPlanes, kRows, kCols] from the side to move: own and opponent stones of the last
// kMoveHistory positions, then the side to move and a plane of ones.
torch::Tensor EncodePositionForNN(const game::PositionHistory &history);

}  // namespace lczero
