#include <ATen/Device.h>

#include "train.h"

#include <iostream>
#include <string>

#include "q_train.h"

using namespace std;


namespace probs {


void worker(ProbsImpl &impl, SafeQueue<shared_ptr<QueueItem>> &taskQueue, SafeQueue<shared_ptr<QueueItem>> &resultsQueue,
            int worker_idx) {
    mt19937 rng(1000 + worker_idx);

    try {
        while (true) {
            auto command = taskQueue.dequeue();
            if (!command) break; // Exit signal

            if (auto command_self_play = dynamic_pointer_cast<QueueCommand_SelfPlay>(command)) {
                auto rows = SelfPlay(impl.model_keeper.q_model, impl.device, impl.config_parser, command_self_play->n_games, rng);
                resultsQueue.enqueue(make_shared<QueueResponse_SelfPlay>(rows));
            } else {
                cout << "[Worker " << worker_idx << "] Unknown command type!" << endl;
            }
        }
    } catch (const exception &e) {
        cerr << "Error: " << e.what() << "\n";
    }
}


ProbsImpl::ProbsImpl(const ConfigParser &config_parser)
        : config_parser(config_parser),
        model_keeper(config_parser, "model.v", "model.q", "training"),
        device(torch::kCPU) {
    int n_threads = config_parser.GetInt("infra.n_threads");
    taskQueues = vector<SafeQueue<shared_ptr<QueueItem>>>(n_threads);
    resultQueues = vector<SafeQueue<shared_ptr<QueueItem>>>(n_threads);

    for (int wi = 0; wi < n_threads; wi++)
        workers.push_back(thread(worker, ref(*this), ref(taskQueues[wi]), ref(resultQueues[wi]), wi));
}


ProbsImpl::~ProbsImpl() {
    // Shutdown workers
    for (size_t wi = 0; wi < workers.size(); wi++) taskQueues[wi].enqueue(nullptr);
    for (auto &w : workers) w.join();
}


vector<SelfPlayRow> ProbsImpl::SelfPlayAndTrainV(const int v_train_episodes) {
    int wcnt = static_cast<int>(workers.size());

    vector<int> worker_games(wcnt, v_train_episodes / wcnt);
    for (int wi = 0; wi < v_train_episodes % wcnt; wi++)
        worker_games[wi]++;

    for (int wi = 0; wi < wcnt; wi++) {
        int curr_games = worker_games[wi];
        if (curr_games > 0)
            taskQueues[wi].enqueue(make_shared<QueueCommand_SelfPlay>(curr_games));
    }

    vector<SelfPlayRow> v_dataset;

    for (int wi = 0; wi < wcnt; wi++) {
        if (worker_games[wi] == 0) continue;
        auto response = resultQueues[wi].dequeue();

        if (auto response_self_play = dynamic_pointer_cast<QueueResponse_SelfPlay>(response)) {
            for (auto &item : response_self_play->v_dataset)
                v_dataset.push_back(item);
        }
    }

    last_v_loss = TrainV(config_parser, model_keeper.v_model, device, model_keeper.v_optimizer, v_dataset, rng);
    return v_dataset;
}


void ProbsImpl::GoTrain() {
    int n_high_level_iterations = config_parser.GetInt("training.n_high_level_iterations");
    int v_train_episodes = config_parser.GetInt("training.v_train_episodes");
    cout << "[TRAIN] Start training: n_high_level_iterations = " << n_high_level_iterations
         << ", v_train_episodes = " << v_train_episodes << endl;

    int gpu_num = config_parser.GetInt("infra.gpu");
    if (gpu_num >= 0 && torch::cuda::is_available()) {
        device = at::Device("cuda:" + to_string(gpu_num));
    }
    cout << "[TRAIN] Device: " << device << endl;
    model_keeper.v_model->to(device);
    model_keeper.q_model->to(device);

    for (int high_level_i = 0; high_level_i < n_high_level_iterations; high_level_i++) {
        model_keeper.q_model->eval();
        auto positions = SelfPlayAndTrainV(v_train_episodes);

        auto q_dataset = GetQDataset(model_keeper.v_model, device, config_parser, positions, rng);
        last_q_loss = TrainQ(config_parser, model_keeper.q_model, device, model_keeper.q_optimizer, q_dataset, rng);

        cout << "[TRAIN] iteration " << high_level_i << ": V loss " << last_v_loss << ", Q loss " << last_q_loss << endl;
    }
}

}  // namespace probs
