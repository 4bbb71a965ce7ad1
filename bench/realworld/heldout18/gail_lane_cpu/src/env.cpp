#include "Env.h"
#include "util.h"

#include <iostream>
#include <sstream>

Env::Env(std::shared_ptr<Actor> actor_model_,
    std::shared_ptr<Critic> critic_model_, 
    std::shared_ptr<DisCriminator> d_model_,
    unsigned seed_)
    :engine(nullptr), seed(seed_), episode(0), greedy(false),
    gen(at::make_generator<at::CPUGeneratorImpl>(seed_)),
    actor_model(actor_model_),
    critic_model(critic_model_),
    d_model(d_model_)
{
    df_hp = 0.5f;
    df_exp = 0.5f;
}

void Env::reset() {
    if (engine) {
        delete engine;
        engine = nullptr;
    }
    engine = new LaneSim(seed * 7919u + episode++);
    clear_state();
    old_actor_model = actor_model->clone();
}

bool Env::step(bool debug_print, bool default_action) {
    double time_ = engine->get_time();
    if (time_ > 60) {
        return false;
    }
    torch::Tensor x = torch::zeros({ 10 });

    if (engine->hero_dead()) {
        return false;
    }
    auto hero_loc = engine->hero();
    float prev_exp = engine->exp();
    float prev_hp = engine->hp();

    x[0] = hero_loc.x / 7000;
    x[1] = hero_loc.y / 7000;

    const pos_tup* others[4] = { &engine->ally_creep(), &engine->enemy_creep(),
                                 &engine->ally_tower(), &engine->enemy_tower() };
    for (int k = 0; k < 4; ++k) {
        const auto& loc = *others[k];
        float dis = loc.distance(hero_loc);
        if (dis > 2000) {
            continue;
        }
        int start_idx = 2 + 2 * k;
        x[start_idx] = (loc.x - hero_loc.x) / near_by_scale;
        x[start_idx + 1] = (loc.y - hero_loc.y) / near_by_scale;
    }

    states.push_back(x);

    auto out = actor_model->forward(x);
    auto value = critic_model->forward(x);
    values.push_back(value);
    

    auto action_out = out;
    auto action_log_prob = torch::log_softmax(action_out, 0);
    log_probs.push_back(action_log_prob);



    auto action_prob = torch::softmax(action_out, 0);
    float max_prob = toNumber<float>(torch::max(action_prob));

    auto action = action_prob.multinomial(1, false, gen);

    int idx = toNumber<int>(action);


    if (greedy || max_prob > 0.9)
    {
        auto max_action = torch::argmax(action_prob, 0);
        int max_idx = toNumber<int>(max_action);
        idx = max_idx;
    }

    int default_idx = get_default(x);
    decisions += 1;
    if (idx == default_idx) agree += 1;

    if (default_action)
    {
        idx = default_idx;
    }
    

    torch::Tensor expert_one_hot_action = torch::zeros({ 9 });
    expert_one_hot_action[default_idx] = 1;

    torch::Tensor expert_prob = d_model->forward(x, expert_one_hot_action);
    vec_expert_prob.push_back(expert_prob);

    pos_tup order = get_move_vec(idx);
    engine->set_move_order(order);
    actions.push_back(action);

    torch::Tensor one_hot_action = torch::zeros({ 9 });
    one_hot_action[idx] = 1;
    one_hot_tensor.push_back(one_hot_action);
    
    //torch::Tensor one_hot_prob = action_prob * one_hot_action;
    torch::Tensor one_hot_prob = action_prob * expert_one_hot_action;
    actor_prob_with_grad.push_back(one_hot_prob);
    torch::Tensor actor_prob = d_model->forward(x, one_hot_prob.detach());
    vec_actor_prob.push_back(actor_prob);

    if (debug_print && fisrt_loop) {
        std::stringstream ss;
        ss << "first >>> expert action: " << default_idx << " chosen: " << idx
           << " expert_prob: " << toNumber<float>(expert_prob)
           << " actor_prob: " << toNumber<float>(actor_prob);
        std::cout << ss.str() << std::endl;

        fisrt_loop = false;
    }

    last_action_prob = action_prob;
    last_expert_action = default_idx;
    last_expert_prob = expert_prob;
    last_actor_prob = actor_prob;

    ///engine running
    engine->loop();
    ///engine running

    float now_exp = engine->exp();
    float now_hp = engine->hp();

    float exp_reward = now_exp > prev_exp ? 1 : 0;
    float hp_reward = now_hp < prev_hp ? -1 : 0;

    total_exp += exp_reward;
    total_hp += hp_reward;

    exp_rewards.push_back(exp_reward);
    hp_rewards.push_back(hp_reward);

    return true;
}

torch::Tensor Env::train_discriminator(bool print_msg)
{
    torch::Tensor v_expert_prob = torch::stack(vec_expert_prob);
    torch::Tensor expert_label = torch::ones_like(v_expert_prob);
    torch::Tensor expert_d_loss = torch::binary_cross_entropy(v_expert_prob, expert_label).mean();

    torch::Tensor v_actor_prob = torch::stack(vec_actor_prob);
    torch::Tensor actor_label = torch::zeros_like(v_actor_prob);
    torch::Tensor actor_d_loss = torch::binary_cross_entropy(v_actor_prob, actor_label).mean();

    prob_diff = torch::relu(v_expert_prob - v_actor_prob).detach();

    torch::Tensor total_d_loss = expert_d_loss + actor_d_loss;
    //total_d_loss.backward(torch::nullopt, true);

    if (print_msg) {
        std::stringstream ss;

        ss << "expert D loss " << toNumber<float>(expert_d_loss)
            << " actor D loss " << toNumber<float>(actor_d_loss)
            << " total exp " << total_exp << " total hp " << total_hp;
        std::cout << ss.str() << std::endl;
    }
    return total_d_loss;
}


torch::Tensor Env::train_actor(bool print_msg) {
    torch::Tensor v_actor_prob_with_grad = torch::stack(actor_prob_with_grad);
    torch::Tensor v_state = torch::stack(states);
    
    torch::Tensor prob = d_model->forward(v_state, v_actor_prob_with_grad);
    torch::Tensor actor_label = torch::ones_like(prob);
    torch::Tensor actor_loss = (torch::relu(torch::binary_cross_entropy(prob, actor_label) - 0.1))*prob_diff.mean();
    //actor_loss.backward();

    if (print_msg) {
        std::stringstream ss;
        ss << "actor model loss " << toNumber<float>(actor_loss);
        std::cout << ss.str() << std::endl;
    }
    return actor_loss;
}

torch::Tensor Env::train_critic(bool print_msg)
{
    reduced_reward = std::vector<float>(exp_rewards.size(), 0.0f);
    float temp_r_exp = 0.0f;
    total_exp = 0.0f;
    float temp_r_hp = 0.0f;
    total_hp = 0.0f;

    float total_reward = 0.0;

    for (int i = exp_rewards.size() - 1; i >= 0; --i)
    {
        total_exp += exp_rewards[i];
        total_hp += hp_rewards[i];

        temp_r_exp = df_exp * temp_r_exp + exp_rewards[i];
        temp_r_hp = df_hp * temp_r_hp + hp_rewards[i];
        reduced_reward[i] = temp_r_exp + temp_r_hp;
        total_reward += reduced_reward[i];
    }

    torch::Tensor reward_tensor = torch::from_blob(reduced_reward.data(), { (int64_t)exp_rewards.size() }).clone();

    torch::Tensor vec_values = torch::stack(values).squeeze(1);
    torch::Tensor critic_loss = reward_tensor - vec_values;

    critic_loss = critic_loss * critic_loss;
    critic_loss = critic_loss.mean();
    //critic_loss.backward(torch::nullopt, true);

    torch::Tensor adv = reward_tensor - vec_values.detach();
    torch::Tensor actor_one_hot = torch::stack(one_hot_tensor);
    torch::Tensor actor_log_probs = torch::sum(torch::stack(log_probs) * actor_one_hot, {1});
    torch::Tensor actor_loss = -actor_log_probs * adv;
    actor_loss = actor_loss.mean();
    //actor_loss.backward(torch::nullopt, true);

    if (print_msg) {
        std::stringstream ss;
        ss << "critic loss " << toNumber<float>(critic_loss);
        ss << " actor loss by critic " << toNumber<float>(actor_loss);
        std::cout << ss.str() << std::endl;
    }
    return critic_loss + 0.1 * actor_loss;
}

double Env::evaluate() {
    torch::NoGradGuard no_grad;
    greedy = true;
    reset();
    while (step(false, false));
    greedy = false;
    double agreement = decisions > 0 ? static_cast<double>(agree) / decisions : 0.0;
    std::cout << "evaluate total exp " << engine->exp() << " hp " << engine->hp()
              << " agreement with expert " << agreement << std::endl;
    return agreement;
}
