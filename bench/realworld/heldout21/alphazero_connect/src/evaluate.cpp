#include "trainer.h"

#include <algorithm>
#include <random>

double WinRateAgainstRandom(ConnectXGame& game, Connect2Model& model, int games, unsigned seed) {
  std::mt19937 rng(seed);
  int wins = 0, draws = 0;
  for (int g = 0; g < games; ++g) {
    const int network_player = (g % 2 == 0) ? 1 : -1;
    auto state = game.GetInitBoard();
    int current_player = 1;
    while (true) {
      auto valid = game.GetValidMoves(state);
      int action = 0;
      if (current_player == network_player) {
        auto canonical = game.GetCanonicalBoard(state, current_player);
        auto pred = model.predict(canonical, valid);
        action = static_cast<int>(std::max_element(pred.probs.begin(), pred.probs.end()) -
                                  pred.probs.begin());
      } else {
        std::vector<int> legal;
        for (size_t a = 0; a < valid.size(); ++a) if (valid[a]) legal.push_back(static_cast<int>(a));
        action = legal[std::uniform_int_distribution<size_t>(0, legal.size() - 1)(rng)];
      }
      auto next = game.GetNextState(state, current_player, action);
      state = next.board;
      current_player = next.player;
      auto reward = game.GetRewardForPlayer(state, network_player);
      if (reward.has_value()) {
        if (reward.value() == 1) ++wins;
        if (reward.value() == 0) ++draws;
        break;
      }
    }
  }
  return (wins + 0.5 * draws) / games;
}
