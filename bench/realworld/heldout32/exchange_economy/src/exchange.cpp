#include <cmath>
#include "exchange.h"


UtilFunc::UtilFunc(torch::Tensor params) : params(params), n_goods(params.size(0)) {
    assert(params.dim() == 1);
}

double UtilFunc::eval(const torch::Tensor& goods) const {
    assert(goods.dim() == 1 && goods.size(0) == n_goods);
    // goods can be traded below zero; a negative amount is consumed as nothing
    return torch::prod(goods.clamp_min(0.0).pow(params)).item<double>();
}

int UtilFunc::get_n_goods() const {
    return n_goods;
}

const torch::Tensor& UtilFunc::get_params() const {
    return params;
}


Person::Person(
    torch::Tensor endowment, UtilFunc u, std::shared_ptr<DecisionHelper> helper
) : goods(endowment),
    u(u),
    n_goods(endowment.size(0)),
    helper(helper)
{
    assert(endowment.dim() == 1);
    assert(n_goods == u.get_n_goods());
}

int Person::get_n_goods() const {
    return n_goods;
}

const torch::Tensor& Person::get_goods() const {
    return goods;
}

const torch::Tensor& Person::get_my_util_params() const {
    return u.get_params();
}

const double Person::get_consumption_util() const {
    return u.eval(goods.detach());
}


ExchangeEconomy::ExchangeEconomy(std::vector<Person> persons) : persons(persons), n_persons(persons.size()) {
    assert(n_persons > 0);
    // make sure all persons have same number of goods
    n_goods = persons[0].n_goods;
    for (int i = 1; i < n_persons; i++) {
        assert(persons[i].n_goods == n_goods);
    }
    // figure out total endowment
    total_endowment = torch::zeros(n_goods);
    for (const Person& person : persons) {
        total_endowment += person.goods;
    }
}

std::tuple<torch::Tensor, torch::Tensor> ExchangeEconomy::time_step() {
    auto log_proba = torch::zeros({});
    auto value_guess = torch::zeros({});
    for (int i = 0; i < n_persons; i++) {
        value_guess = value_guess + persons[i].helper->get_value(persons[i], total_endowment, time);
    }
    for (int i = 0; i < n_persons; i++) {
        for (int j = 0; j < n_persons; j++) {
            if (i == j) {
                continue;
            }
            auto [proposal, offer_log_proba] = persons[i].helper->make_offer(
                persons[i], persons[j], total_endowment, time
            );
            auto [accepted, accept_log_proba] = persons[j].helper->accept(
                persons[j], persons[i], proposal, total_endowment, time
            );
            log_proba = log_proba + offer_log_proba + accept_log_proba;
            if (accepted) {
                persons[i].goods = persons[i].goods + proposal.detach();
                persons[j].goods = persons[j].goods - proposal.detach();
            }
        }
    }
    time++;
    return {log_proba, value_guess};
}

const std::vector<Person>& ExchangeEconomy::get_persons() const {
    return persons;
}
