#include "Env.h"
#include "util.h"

#include <atomic>
#include <condition_variable>
#include <iostream>
#include <mutex>
#include <sstream>
#include <thread>

class my_barrier
{

public:
    my_barrier(int count)
        : thread_count(count)
        , counter(0)
        , generation(0)
    {}

    void wait()
    {
        //fence mechanism
        std::unique_lock<std::mutex> lk(m);
        int gen = generation;
        ++counter;
        if (counter == thread_count) {
            //reset barrier
            counter = 0;
            ++generation;
            lk.unlock();
            cv.notify_all();
        }
        else {
            cv.wait(lk, [&] { return gen != generation; });
        }
    }

private:
    std::mutex m;
    std::condition_variable cv;
    int thread_count;
    int counter;
    int generation;
};

const int thread_num = 2;
const int kIterations = 150;

my_barrier barrier1(thread_num + 1);
my_barrier barrier2(thread_num + 1);

std::atomic<bool> stop_flag(false);

auto thread_fn = [](Env* env, bool first) {
    while (true) {
        barrier2.wait();
        if (stop_flag) break;
        env->reset();
        while (env->step(false, false));
        torch::Tensor d_loss = env->train_discriminator(false);
        torch::Tensor critic_loss = env->train_critic(false);
        torch::Tensor actor_loss = env->train_actor(false);
        env->overall_loss = d_loss + critic_loss + actor_loss;
        barrier1.wait();
    }
};

int main(int argc, char** argv) {
    torch::manual_seed(0);

    auto shared_actor_net = std::make_shared<Actor>(10, 9, 20);
    auto shared_critic_net = std::make_shared<Critic>(10, 9, 16);
    auto shared_d_net = std::make_shared<DisCriminator>(10, 9, 24);

    int count = 0;

    float lr = 5E-2;

    torch::optim::SGD actor_optim(shared_actor_net->parameters(),
        torch::optim::SGDOptions(lr));

    torch::optim::SGD critic_optim(shared_critic_net->parameters(),
        torch::optim::SGDOptions(lr));

    torch::optim::SGD d_optim(shared_d_net->parameters(),
        torch::optim::SGDOptions(lr));


    std::vector<Env*> vec_env;

    std::vector<std::thread> vec_threads;

    Env* p_test = new Env(shared_actor_net, shared_critic_net, shared_d_net, 99);
    double agreement_before = p_test->evaluate();

    bool first = true;
    for (int i = 0; i < thread_num; ++i) {
        Env* penv = new Env(shared_actor_net, shared_critic_net, shared_d_net, 1 + i);
        vec_env.push_back(penv);
        vec_threads.emplace_back(thread_fn, penv, first);
        first = false;
    }

    torch::Tensor stub = torch::zeros({ 1 });
    double last_loss = 0.0;

    while (count < kIterations) {
        count++;
        barrier2.wait();
        barrier1.wait();

        d_optim.zero_grad();
        actor_optim.zero_grad();
        critic_optim.zero_grad();

        std::vector<torch::Tensor> vec_tensor;

        for (auto env : vec_env) {
            vec_tensor.push_back(env->overall_loss);
        }

        torch::Tensor total_loss = torch::stack(vec_tensor);
        
        total_loss.sum().backward();

        d_optim.step();
        critic_optim.step();
        actor_optim.step();

        last_loss = total_loss.sum().item<double>();

        if (count % 50 == 0) {
            std::cout << "iteration " << count << " loss " << last_loss << std::endl;
            save_model(shared_actor_net, "actor", count);
            save_model(shared_critic_net, "critic", count);
            save_model(shared_d_net, "discriminator", count);
        }
        
    }

    stop_flag = true;
    barrier2.wait();
    for (auto& t : vec_threads) t.join();

    double agreement_after = p_test->evaluate();

    std::cout << "checkpoints kept: " << checkpoint_count() << std::endl;
    std::cout << "final loss: " << last_loss << std::endl;
    std::cout << "agreement with the expert (greedy test episode): " << agreement_before
              << " -> " << agreement_after << std::endl;

    for (auto env : vec_env) delete env;
    delete p_test;
    return 0;
}
