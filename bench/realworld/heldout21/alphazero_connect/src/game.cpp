#include "game.h"

std::vector<int> ConnectXGame::GetInitBoard() {
    return std::vector<int>(rows * columns, 0);
}

StateAndPlayer ConnectXGame::GetNextState(std::vector<int> board, int player, int action) {
    // drop the piece to the lowest free cell of the column
    for (int r = rows - 1; r >= 0; --r) {
        if (board[r * columns + action] == 0) {
            board[r * columns + action] = player;
            break;
        }
    }
    return {board, -player};
}

std::vector<int> ConnectXGame::GetValidMoves(std::vector<int> board) {
    std::vector<int> valid(columns, 0);
    for (int c = 0; c < columns; ++c) {
        valid[c] = board[c] == 0 ? 1 : 0;
    }
    return valid;
}

bool ConnectXGame::HasLegalMoves(std::vector<int> board) {
    for (int c = 0; c < columns; ++c) {
        if (board[c] == 0) return true;
    }
    return false;
}

bool ConnectXGame::IsWin(std::vector<int> board, int player) {
    const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < columns; ++c) {
            for (auto& d : dirs) {
                int count = 0;
                for (int k = 0; k < num_to_win; ++k) {
                    const int rr = r + k * d[0], cc = c + k * d[1];
                    if (rr < 0 || rr >= rows || cc < 0 || cc >= columns) break;
                    if (board[rr * columns + cc] != player) break;
                    ++count;
                }
                if (count == num_to_win) return true;
            }
        }
    }
    return false;
}

std::optional<int> ConnectXGame::GetRewardForPlayer(std::vector<int> board, int player) {
    if (IsWin(board, player)) return 1;
    if (IsWin(board, -player)) return -1;
    if (HasLegalMoves(board)) return std::nullopt;
    return 0;
}

std::vector<int> ConnectXGame::GetCanonicalBoard(std::vector<int> board, int player) {
    for (auto& cell : board) cell *= player;
    return board;
}
