#ifndef GAME_H
#define GAME_H

#include <vector>
#include <optional>

struct StateAndPlayer {
    std::vector<int> board;
    int player;
};

// Connect-X with gravity on a rows x columns board (Connect2 of the original, grown)
class ConnectXGame {

public:
    ConnectXGame() { }
    std::vector<int> GetInitBoard();
    int GetBoardSize() { return rows * columns; }
    int GetActionSize() { return columns; }
    StateAndPlayer GetNextState(std::vector<int> board, int player, int action);
    std::vector<int> GetValidMoves(std::vector<int> board);
    bool HasLegalMoves(std::vector<int> board);
    bool IsWin(std::vector<int> board, int player);
    std::optional<int> GetRewardForPlayer(std::vector<int> board, int player);
    std::vector<int> GetCanonicalBoard(std::vector<int> board, int player);

private:
    int rows = 4;           // The number of rows in our game
    int columns = 5;        // The number of columns in our game
    int num_to_win = 3;     // The required number of adjacent tokens to win
};

#endif /* GAME_H */
