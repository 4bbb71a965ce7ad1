#include "lane_sim.h"

#include <cmath>

double pos_tup::distance(const pos_tup& o) const {
    return std::hypot(x - o.x, y - o.y);
}

LaneSim::LaneSim(unsigned seed) : rng_(seed), time_(0), exp_(0), hp_(600) {
    std::uniform_real_distribution<double> jitter(-600.0, 600.0);
    hero_ = pos_tup(-2500 + jitter(rng_), -2500 + jitter(rng_));
    ally_creep_ = pos_tup(-3200 + jitter(rng_), -3200);
    enemy_creep_ = pos_tup(2400 + jitter(rng_), 2400);
    ally_tower_ = pos_tup(-4200, -4200);
    enemy_tower_ = pos_tup(1800, 1800);
}

void LaneSim::loop() {
    const double dt = 0.1;
    time_ += 1.0;
    // creeps walk the lane and stop when they meet
    double gap = ally_creep_.distance(enemy_creep_);
    if (gap > 300) {
        ally_creep_.x += 350 * dt * 0.7071; ally_creep_.y += 350 * dt * 0.7071;
        enemy_creep_.x -= 350 * dt * 0.7071; enemy_creep_.y -= 350 * dt * 0.7071;
    }
    hero_.x += order_.x * dt * 3.0;
    hero_.y += order_.y * dt * 3.0;
    double d_creep = hero_.distance(enemy_creep_);
    double d_tower = hero_.distance(enemy_tower_);
    if (d_creep < 1000) exp_ += 1.0;
    if (d_creep < 450) hp_ -= 20;
    if (d_tower < 1500) hp_ -= 40;
}
