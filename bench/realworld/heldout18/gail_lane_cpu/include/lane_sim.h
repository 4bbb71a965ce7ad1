#pragma once
// A one-lane stand-in for SimDota2: a hero between an allied and an enemy
// tower, one allied and one enemy creep walking the diagonal lane towards each
// other. The hero gains experience near the enemy creep and loses hit points
// near the enemy tower or right next to the enemy creep.
#include <random>

struct pos_tup {
    pos_tup() : x(0), y(0) {}
    pos_tup(double x, double y) : x(x), y(y) {}
    double distance(const pos_tup& o) const;
    double x, y;
};

class LaneSim {
public:
    explicit LaneSim(unsigned seed);
    void loop();                       // one tick of 0.1 s of game time
    double get_time() const { return time_; }
    bool hero_dead() const { return hp_ <= 0; }
    const pos_tup& hero() const { return hero_; }
    const pos_tup& ally_creep() const { return ally_creep_; }
    const pos_tup& enemy_creep() const { return enemy_creep_; }
    const pos_tup& ally_tower() const { return ally_tower_; }
    const pos_tup& enemy_tower() const { return enemy_tower_; }
    double exp() const { return exp_; }
    double hp() const { return hp_; }
    void set_move_order(const pos_tup& v) { order_ = v; }
private:
    std::mt19937 rng_;
    double time_, exp_, hp_;
    pos_tup hero_, ally_creep_, enemy_creep_, ally_tower_, enemy_tower_, order_;
};
