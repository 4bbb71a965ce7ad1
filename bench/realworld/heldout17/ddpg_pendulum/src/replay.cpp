#include "model.hpp"

void ReplayBuffer::addExperienceState(Experience experience)
{
    circular_buffer.push_back(experience);
    if (circular_buffer.size() > capacity)
        circular_buffer.pop_front();
}

Experience ReplayBuffer::sample(int num_agent)
{
    std::vector<torch::Tensor> s, a, r, n, d;
    for (int i = 0; i < num_agent; i++) {
        Experience exp = sample();
        s.push_back(std::get<0>(exp));
        a.push_back(std::get<1>(exp));
        r.push_back(std::get<2>(exp));
        n.push_back(std::get<3>(exp));
        d.push_back(std::get<4>(exp));
    }
    return std::make_tuple(torch::cat(s, 0), torch::cat(a, 0), torch::cat(r, 0), torch::cat(n, 0), torch::cat(d, 0));
}

Experience ReplayBuffer::sample()
{
    std::uniform_int_distribution<size_t> pick(0, circular_buffer.size() - 1);
    Experience exp = circular_buffer.at(pick(rng));
    std::get<0>(exp) = torch::unsqueeze(std::get<0>(exp), 0);
    std::get<1>(exp) = torch::unsqueeze(std::get<1>(exp), 0);
    std::get<2>(exp) = torch::unsqueeze(std::get<2>(exp), 0);
    std::get<3>(exp) = torch::unsqueeze(std::get<3>(exp), 0);
    std::get<4>(exp) = torch::unsqueeze(std::get<4>(exp), 0);
    return exp;
}
