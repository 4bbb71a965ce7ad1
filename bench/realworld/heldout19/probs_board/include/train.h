#pragma once

#include <torch/torch.h>

#include <memory>
#include <random>
#include <thread>
#include <vector>

#include "config_parser.h"
#include "network.h"
#include "ts_queue.h"
#include "v_train.h"

namespace probs {

struct QueueItem {
    virtual ~QueueItem() = default;
};

struct QueueCommand_SelfPlay : QueueItem {
    explicit QueueCommand_SelfPlay(int n_games) : n_games(n_games) {}
    int n_games;
};

struct QueueResponse_SelfPlay : QueueItem {
    explicit QueueResponse_SelfPlay(std::vector<SelfPlayRow> rows) : v_dataset(std::move(rows)) {}
    std::vector<SelfPlayRow> v_dataset;
};

class ProbsImpl {
public:
    explicit ProbsImpl(const ConfigParser &config_parser);
    ~ProbsImpl();

    void GoTrain();

    ConfigParser config_parser;
    ModelKeeper model_keeper;
    at::Device device;
    std::mt19937 rng{2024};
    std::vector<SafeQueue<std::shared_ptr<QueueItem>>> taskQueues;
    std::vector<SafeQueue<std::shared_ptr<QueueItem>>> resultQueues;
    std::vector<std::thread> workers;
    double last_v_loss = 0.0;
    double last_q_loss = 0.0;

private:
    std::vector<SelfPlayRow> SelfPlayAndTrainV(const int v_train_episodes);
};

}  // namespace probs
