#include "nogo.h"

Position NoGo::random_position(std::mt19937 &rng) const
{
    int board[kN][kN] = {};
    std::uniform_int_distribution<int> stones(10, 40), cell(0, kN - 1), coin(0, 1);
    std::uniform_real_distribution<float> bias(0.3f, 0.7f);
    const float p_black = bias(rng);
    const int count = stones(rng);
    for (int i = 0; i < count; ++i)
    {
        int r = cell(rng), c = cell(rng);
        board[r][c] = std::uniform_real_distribution<float>(0.f, 1.f)(rng) < p_black ? 1 : 2;
    }
    const int to_move = 1 + coin(rng);

    Position pos;
    at::Tensor state = torch::zeros({1, kStateChannels, kN, kN});
    at::Tensor weights = torch::zeros({kActionDim});
    pos.legal = torch::zeros({kActionDim}, torch::kBool);
    auto s = state.accessor<float, 4>();
    auto w = weights.accessor<float, 1>();
    auto l = pos.legal.accessor<bool, 1>();
    int own = 0, opp = 0;
    const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    for (int r = 0; r < kN; ++r)
    {
        for (int c = 0; c < kN; ++c)
        {
            s[0][3][r][c] = 1.0f;
            if (board[r][c] == to_move) { s[0][0][r][c] = 1.0f; ++own; continue; }
            if (board[r][c] != 0) { s[0][1][r][c] = 1.0f; ++opp; continue; }
            s[0][2][r][c] = 1.0f;
            int empty_neighbours = 0;
            for (int d = 0; d < 4; ++d)
            {
                int rr = r + dr[d], cc = c + dc[d];
                if (rr >= 0 && rr < kN && cc >= 0 && cc < kN && board[rr][cc] == 0) ++empty_neighbours;
            }
            if (empty_neighbours > 0)
            {
                l[r * kN + c] = true;
                w[r * kN + c] = static_cast<float>(empty_neighbours * empty_neighbours);
            }
        }
    }
    pos.state = state;
    pos.policy = weights / weights.sum().clamp_min(1.0f);
    pos.value = own > opp ? 1.0f : (own < opp ? -1.0f : 0.0f);
    return pos;
}
