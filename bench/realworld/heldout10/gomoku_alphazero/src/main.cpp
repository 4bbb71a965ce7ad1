#include <iostream>

#include <torch/torch.h>
#include <libtorch.h>
#include <mcts.h>
#include <play.h>
#include <common.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <random>

using namespace std;
using namespace torch;

static inline Tensor alpha_loss(Tensor& log_ps, Tensor& vs, const Tensor& target_ps, const Tensor& target_vs) {
    return mean(pow(vs - target_vs, 2)) - mean(sum(target_ps * log_ps, 1)); // value_loss + policy_loss
}

struct TrainData {
    board_buff_type board_buffer;
    p_buff_type p_buffer;
    v_buff_type v_buffer;
    vector<int> col_buffer;
    vector<int> last_move_buffer;
};

TrainData generate_data_for_train(unsigned int games, unsigned int seed) {
    TrainData d;
    MCTS mcts(NUM_MCT_SIMS, C_PUCT, BORAD_SIZE * BORAD_SIZE, seed);
    SelfPlay sp(&mcts, seed + 1);
    sp.self_play_for_train(games, d.board_buffer, d.p_buffer, d.v_buffer, d.col_buffer, d.last_move_buffer);
    return d;
}

Tensor transorm_board_to_Tensor(board_type board, int last_move, int cur_player) {
    std::vector<int> board0;
    for (unsigned int i = 0; i < BORAD_SIZE; i++) {
        board0.insert(board0.end(), board[i].begin(), board[i].end());
    }

    torch::Tensor temp =
        torch::from_blob(&board0[0], { 1, 1, BORAD_SIZE, BORAD_SIZE}, torch::dtype(torch::kInt32));

    torch::Tensor state0 = temp.gt(0).toType(torch::kFloat32);
    torch::Tensor state1 = temp.lt(0).toType(torch::kFloat32);

    if (cur_player == -1) {
        std::swap(state0, state1);
    }

    torch::Tensor state2 =
        torch::zeros({ 1, 1, BORAD_SIZE, BORAD_SIZE }, torch::dtype(torch::kFloat32));

    if (last_move != -1) {
        state2[0][0][last_move / BORAD_SIZE][last_move % BORAD_SIZE] = 1;
    }

    return cat({ state0, state1, state2 }, 1);
}

shared_ptr<AlphaZeroNet> train(TrainData& data, double* final_loss) {
    shared_ptr<AlphaZeroNet> model = make_shared<AlphaZeroNet>(
        /*num_layers=*/NUM_LAYERS, /*num_channels=*/NUM_CHANNELS,
        /*n=*/BORAD_SIZE, /*action_size=*/BORAD_SIZE * BORAD_SIZE);
    if (USE_GPU) {
        model->to(torch::kCUDA);
    }

    optim::Adam* optimizer = new optim::Adam(model->parameters(), optim::AdamOptions(LR).weight_decay(1e-4));

    int sum_steps = std::min((int)data.board_buffer.size(), MAX_POSITIONS);

    // the 8 symmetries of the square: 4 rotations, each also flipped
    vector<Tensor> board_tensor_buffer(sum_steps * 8);
    vector<Tensor> p_tensor_buffer(sum_steps * 8);
    v_buff_type v_buffer(8 * sum_steps);

    for (int i = 0; i < sum_steps; i++) {
        board_tensor_buffer[i] = transorm_board_to_Tensor(data.board_buffer[i], data.last_move_buffer[i], data.col_buffer[i]);
        p_tensor_buffer[i] =
            torch::from_blob(&data.p_buffer[i][0], { 1, BORAD_SIZE, BORAD_SIZE }, torch::dtype(torch::kFloat32)).clone();
        v_buffer[i] = data.v_buffer[i];

        for (int k = 1; k < 4; k++) {
            board_tensor_buffer[i + k * sum_steps] = torch::rot90(board_tensor_buffer[i], /*k=*/k, /*dims=*/{ 2, 3 });
            p_tensor_buffer[i + k * sum_steps] = torch::rot90(p_tensor_buffer[i], /*k=*/k, /*dims=*/{ 1, 2 });
        }
    }

    for (int i = 0; i < 4 * sum_steps; i++) {
        board_tensor_buffer[i + 4 * sum_steps] = torch::flip(board_tensor_buffer[i], /*dims=*/{ 3 });
        p_tensor_buffer[i + 4 * sum_steps] = torch::flip(p_tensor_buffer[i], /*dims=*/{ 2 });
    }

    for (int i = 0; i < sum_steps; i++) {
        for (int j = 1; j < 8; j++) {
            v_buffer[i + j * sum_steps] = v_buffer[i];
        }
    }

    // one seed for the three buffers, so that they stay aligned
    unsigned seed = 12345;
    auto e = std::default_random_engine(seed);
    shuffle(board_tensor_buffer.begin(), board_tensor_buffer.end(), e);
    e = std::default_random_engine(seed);
    shuffle(p_tensor_buffer.begin(), p_tensor_buffer.end(), e);
    e = std::default_random_engine(seed);
    shuffle(v_buffer.begin(), v_buffer.end(), e);

    model->train();
    torch::AutoGradMode enable_grad(true);
    int steps = 0;
    for (int epoch = 0; epoch < NUM_EPOCHS; epoch++) {
        for (int pt = 0; pt < sum_steps * 8 - BATCH_SIZE; pt += BATCH_SIZE) {
            Tensor inputs = cat(vector<Tensor>(board_tensor_buffer.begin() + pt, board_tensor_buffer.begin() + pt + BATCH_SIZE), 0);
            Tensor ps = cat(vector<Tensor>(p_tensor_buffer.begin() + pt, p_tensor_buffer.begin() + pt + BATCH_SIZE), 0).view({ -1, BORAD_SIZE * BORAD_SIZE });
            Tensor vs = torch::tensor(v_buff_type(v_buffer.begin() + pt, v_buffer.begin() + pt + BATCH_SIZE)).unsqueeze(1);

            optimizer->zero_grad();
            if (USE_GPU) {
                inputs = inputs.to(kCUDA);
                ps = ps.to(kCUDA);
                vs = vs.to(kCUDA);
            }
            auto result = model->forward(inputs);

            Tensor loss = alpha_loss(result.first, result.second, ps, vs);
            loss.backward();
            optimizer->step();

            *final_loss = loss.item<double>();
            if (steps % 50 == 0) {
                std::cout << "step " << steps << " loss:" << *final_loss << std::endl;
            }
            steps++;
        }
    }
    std::cout << "optimizer steps: " << steps << std::endl;
    delete optimizer;
    return model;
}

// the network alone (greedy policy, no search) against a player
int play_for_eval(NeuralNetwork* net, MCTS* opponent, std::mt19937& rng, bool net_first) {
    Gomoku g(BORAD_SIZE, N_IN_ROW, BLACK);
    int net_color = net_first ? BLACK : WHITE;
    std::pair<int, int> game_state = g.get_game_status();
    while (game_state.first == 0) {
        int res;
        if (g.get_current_color() == net_color) {
            auto pv = net->commit(&g);
            res = std::max_element(pv[0].begin(), pv[0].end()) - pv[0].begin();
        } else if (opponent != nullptr) {
            res = opponent->get_best_action(&g);
        } else {
            auto legal = g.get_legal_moves();
            std::vector<int> moves;
            for (unsigned int i = 0; i < legal.size(); i++) if (legal[i]) moves.push_back(i);
            res = moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng)];
        }
        g.execute_move(res);
        game_state = g.get_game_status();
    }
    return game_state.second == net_color ? 1 : (game_state.second == 0 ? 0 : -1);
}

vector<int> eval(NeuralNetwork* net, MCTS* opponent, unsigned int game_num) {
    int win_table[3] = { 0, 0, 0 };
    std::mt19937 rng(99);
    for (unsigned int i = 0; i < game_num; i++) {
        int r = play_for_eval(net, opponent, rng, i % 2 == 0);
        win_table[r == 1 ? 0 : (r == -1 ? 1 : 2)]++;
    }
    return { win_table[0], win_table[1], win_table[2] };
}

int main(int argc, char* argv[]) {
    torch::manual_seed(0);
    auto t0 = std::chrono::steady_clock::now();

    std::string mode = argc > 1 ? argv[1] : "all";
    if (mode != "all" && mode != "train") {
        std::cout << "usage: " << argv[0] << " [all|train]" << std::endl;
        return 1;
    }

    TrainData data = generate_data_for_train(NUM_TRAIN_GAMES, 2024);

    auto untrained = make_shared<AlphaZeroNet>(NUM_LAYERS, NUM_CHANNELS, BORAD_SIZE, BORAD_SIZE * BORAD_SIZE);
    NeuralNetwork untrained_net(untrained, 1);
    auto base_random = eval(&untrained_net, nullptr, 40);
    std::cout << "untrained net vs random: win rate " << base_random[0] / 40.0 << std::endl;
    double final_loss = 0.0;
    auto model = train(data, &final_loss);
    std::cout << "final loss: " << final_loss << std::endl;

    NeuralNetwork net(model, 1);
    auto vs_random = eval(&net, nullptr, 40);
    MCTS weak(40, C_PUCT, BORAD_SIZE * BORAD_SIZE, 77);
    auto vs_mcts = eval(&net, &weak, 20);
    std::cout << "net (no search) vs random: win " << vs_random[0] << " loss " << vs_random[1]
              << " draw " << vs_random[2] << " (win rate " << vs_random[0] / 40.0 << ")" << std::endl;
    std::cout << "net (no search) vs MCTS-40: win " << vs_mcts[0] << " loss " << vs_mcts[1]
              << " draw " << vs_mcts[2] << std::endl;
    std::cout << "elapsed: "
              << std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() << " s" << std::endl;
    return 0;
}
