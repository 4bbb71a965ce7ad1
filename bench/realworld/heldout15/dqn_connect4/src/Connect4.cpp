#include "Connect4.h"
#include "Hyperparameters.h"

Connect4::Connect4(unsigned seed) : rng(seed) {}

torch::Tensor Connect4::reset() {
    for (auto& row : board) row.fill(0);
    return state();
}

bool Connect4::drop(int col, int player) {
    for (int r = ROWS - 1; r >= 0; --r) {
        if (board[r][col] == 0) { board[r][col] = player; return true; }
    }
    return false;
}

bool Connect4::full() const {
    for (int c = 0; c < COLS; ++c) if (board[0][c] == 0) return false;
    return true;
}

bool Connect4::wins(int p) const {
    const int dr[4] = {0, 1, 1, 1};
    const int dc[4] = {1, 0, 1, -1};
    for (int r = 0; r < ROWS; ++r)
        for (int c = 0; c < COLS; ++c)
            for (int d = 0; d < 4; ++d) {
                int k = 0;
                while (k < 4) {
                    int rr = r + k * dr[d], cc = c + k * dc[d];
                    if (rr < 0 || rr >= ROWS || cc < 0 || cc >= COLS || board[rr][cc] != p) break;
                    ++k;
                }
                if (k == 4) return true;
            }
    return false;
}

torch::Tensor Connect4::legal_mask() const {
    auto m = torch::zeros({COLS}, torch::kBool);
    for (int c = 0; c < COLS; ++c) m[c] = board[0][c] == 0;
    return m;
}

torch::Tensor Connect4::state() const {
    auto s = torch::zeros({2, ROWS, COLS});
    auto a = s.accessor<float, 3>();
    for (int r = 0; r < ROWS; ++r)
        for (int c = 0; c < COLS; ++c) {
            if (board[r][c] == 1) a[0][r][c] = 1.0f;
            if (board[r][c] == -1) a[1][r][c] = 1.0f;
        }
    return s.view({STATE_SIZE});
}

int Connect4::heuristic_move() const {
    for (int player : {1, -1}) {
        for (int c = 0; c < COLS; ++c) {
            if (board[0][c] != 0) continue;
            Connect4 copy = *this;
            copy.drop(c, player);
            if (copy.wins(player)) return c;
        }
    }
    for (int c : {3, 2, 4, 1, 5, 0, 6}) if (board[0][c] == 0) return c;
    return 0;
}

std::tuple<torch::Tensor, float, bool> Connect4::step(int action) {
    if (!drop(action, 1)) return {state(), -1.0f, true};          // illegal move loses
    if (wins(1)) return {state(), 1.0f, true};
    if (full()) return {state(), 0.0f, true};
    std::vector<int> cols;
    for (int c = 0; c < COLS; ++c) if (board[0][c] == 0) cols.push_back(c);
    // the opponent plays a winning move when it has one, else at random
    int move = cols[std::uniform_int_distribution<int>(0, (int)cols.size() - 1)(rng)];
    for (int c : cols) { Connect4 copy = *this; copy.drop(c, -1); if (copy.wins(-1)) { move = c; break; } }
    drop(move, -1);
    if (wins(-1)) return {state(), -1.0f, true};
    if (full()) return {state(), 0.0f, true};
    return {state(), 0.0f, false};
}
