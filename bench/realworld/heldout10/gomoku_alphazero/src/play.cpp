#include "play.h"

#include <iostream>

SelfPlay::SelfPlay(MCTS *mcts, unsigned int seed) : mcts(mcts), rng(seed) {}

int SelfPlay::self_play_for_train(unsigned int games, customType::board_buff_type &board_buffer,
                                  customType::p_buff_type &p_buffer, customType::v_buff_type &v_buffer,
                                  std::vector<int> &col_buffer, std::vector<int> &last_move_buffer) {
  int total_steps = 0;
  int results[3] = {0, 0, 0};
  for (unsigned int game_i = 0; game_i < games; game_i++) {
    Gomoku g(BORAD_SIZE, N_IN_ROW, BLACK);
    std::vector<int> colors;
    int step = 0;
    auto game_state = g.get_game_status();
    while (game_state.first == 0) {
      double temp = step < 6 ? 1.0 : 1e-4;
      auto probs = this->mcts->get_action_probs(&g, temp);

      board_buffer.push_back(g.get_board());
      p_buffer.push_back(std::vector<float>(probs.begin(), probs.end()));
      col_buffer.push_back(g.get_current_color());
      last_move_buffer.push_back(g.get_last_move());
      colors.push_back(g.get_current_color());

      std::discrete_distribution<int> pick(probs.begin(), probs.end());
      int res = temp > 0.5 ? pick(this->rng) : std::max_element(probs.begin(), probs.end()) - probs.begin();
      g.execute_move(res);
      game_state = g.get_game_status();
      step++;
    }
    for (int c : colors) {
      v_buffer.push_back(game_state.second == 0 ? 0 : (game_state.second == c ? 1 : -1));
    }
    results[game_state.second == BLACK ? 0 : (game_state.second == WHITE ? 1 : 2)]++;
    total_steps += step;
  }
  std::cout << "self-play: " << games << " games, black " << results[0] << " white " << results[1]
            << " draw " << results[2] << ", " << total_steps << " positions" << std::endl;
  return total_steps;
}
