#include "cartpole.h"

#include <cmath>

CartPoleEnv::CartPoleEnv(unsigned semilla)
    : estado_{0.f, 0.f, 0.f, 0.f}, gravedad_(9.8f), masa_carro_(1.0f), masa_poste_(0.1f),
      masa_total_(1.1f), longitud_poste_(0.5f), masa_por_longitud_(0.05f),
      magnitud_fuerza_(10.0f), intervalo_tiempo_(0.02f),
      umbral_angulo_(12.f * 2.f * 3.14159265f / 360.f), umbral_posicion_(2.4f),
      generador_(semilla) {}

std::vector<float> CartPoleEnv::reiniciar() {
  std::uniform_real_distribution<float> dist(-0.05f, 0.05f);
  for (auto &v : estado_) v = dist(generador_);
  return {estado_.begin(), estado_.end()};
}

std::tuple<std::vector<float>, float, bool> CartPoleEnv::ejecutar(int accion) {
  float x = estado_[0], x_dot = estado_[1], theta = estado_[2], theta_dot = estado_[3];
  float fuerza = accion == 1 ? magnitud_fuerza_ : -magnitud_fuerza_;
  float costheta = std::cos(theta), sintheta = std::sin(theta);
  float temp = (fuerza + masa_por_longitud_ * theta_dot * theta_dot * sintheta) / masa_total_;
  float thetaacc = (gravedad_ * sintheta - costheta * temp) /
                   (longitud_poste_ * (4.0f / 3.0f - masa_poste_ * costheta * costheta / masa_total_));
  float xacc = temp - masa_por_longitud_ * thetaacc * costheta / masa_total_;
  x += intervalo_tiempo_ * x_dot;
  x_dot += intervalo_tiempo_ * xacc;
  theta += intervalo_tiempo_ * theta_dot;
  theta_dot += intervalo_tiempo_ * thetaacc;
  estado_ = {x, x_dot, theta, theta_dot};
  bool terminado = x < -umbral_posicion_ || x > umbral_posicion_ ||
                   theta < -umbral_angulo_ || theta > umbral_angulo_;
  return {std::vector<float>(estado_.begin(), estado_.end()), 1.0f, terminado};
}
