#include "dataset.h"

#include <cmath>

InteractionData make_synthetic_interactions(int64_t num_users, int64_t num_items, int64_t latent_dim,
                                            int64_t samples_per_user, uint64_t seed) {
    auto gen = at::detail::createCPUGenerator(seed);
    auto user_factors = at::normal(0.0, 1.0, {num_users, latent_dim}, gen);
    auto item_factors = at::normal(0.0, 1.0, {num_items, latent_dim}, gen);
    auto item_bias = at::normal(0.0, 0.5, {num_items}, gen);

    const int64_t n = num_users * samples_per_user;
    auto users = torch::arange(num_users, torch::kLong).repeat_interleave(samples_per_user);
    auto items = at::randint(0, num_items, {n}, gen, torch::kLong);

    auto score = (user_factors.index_select(0, users) * item_factors.index_select(0, items)).sum(1) /
                     std::sqrt(static_cast<double>(latent_dim)) +
                 item_bias.index_select(0, items);
    auto labels = at::bernoulli(torch::sigmoid(5.0 * score), gen);

    auto perm = at::randperm(n, gen, torch::kLong);
    const int64_t n_train = n * 9 / 10;
    auto train_idx = perm.slice(0, 0, n_train);
    auto test_idx = perm.slice(0, n_train, n);

    InteractionData data;
    data.users = users.index_select(0, train_idx);
    data.items = items.index_select(0, train_idx);
    data.labels = labels.index_select(0, train_idx);
    data.test_users = users.index_select(0, test_idx);
    data.test_items = items.index_select(0, test_idx);
    data.test_labels = labels.index_select(0, test_idx);
    return data;
}
