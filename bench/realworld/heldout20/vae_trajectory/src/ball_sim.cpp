#include "ball_sim.hpp"

#include <cmath>

std::vector<float> simulate_ball(float gene_angle, float gene_speed, int length)
{
    const float angle = 0.2f + 1.1f * gene_angle;    // radians
    const float speed = 2.0f + 2.0f * gene_speed;    // m/s
    const float g = 9.81f, dt = 0.05f, restitution = 0.7f;
    float x = 0.f, y = 0.f;
    float vx = speed * std::cos(angle), vy = speed * std::sin(angle);
    std::vector<float> out;
    out.reserve(2 * length);
    for (int t = 0; t < length; ++t)
    {
        out.push_back(x / 3.f);
        out.push_back(y / 1.f);
        vy -= g * dt;
        x += vx * dt;
        y += vy * dt;
        if (y < 0.f)
        {
            y = -y * restitution;
            vy = -vy * restitution;
            vx *= 0.9f;
        }
    }
    return out;
}
