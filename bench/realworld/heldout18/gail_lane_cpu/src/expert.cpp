#include "util.h"

#include <cmath>

const float near_by_scale = 2000;

pos_tup get_move_vec(int dir) {
    pos_tup out_(0, 0);
    if (dir == 0) {
        return out_;
    }
    double rad = dir * M_PI / 4 - M_PI;
    out_.x = cos(rad) * 300;
    out_.y = sin(rad) * 300;
    return out_;
}

int get_default(torch::Tensor x) {
    float dist_creep_x = toNumber<float>(x[4]) * near_by_scale;
    float dist_creep_y = toNumber<float>(x[5]) * near_by_scale;

    float dist_tower_x = toNumber<float>(x[8]) * near_by_scale;
    float dist_tower_y = toNumber<float>(x[9]) * near_by_scale;


    if (toNumber<float>(x[0]) > 0 && toNumber<float>(x[1]) > 0) {
        return 1;
    }

    if (hypot(dist_tower_x, dist_tower_y) < 1500) {
        return 1;
    }

    auto dist2creep = hypot(dist_creep_x, dist_creep_y);

    if (dist2creep < 1000) {
        if (dist2creep < 450) {
            return 1;
        }
        return 0;
    }


    return 5;
}
