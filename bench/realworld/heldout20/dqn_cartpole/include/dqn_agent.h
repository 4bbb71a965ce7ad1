#pragma once

#include <torch/torch.h>
#include <memory>
#include "model.h"
#include "replay_buffer.h"

// Agente DQN: gestiona redes policy/target, optimizacion y experiencia
class DQNAgent {
public:
  DQNAgent(int dim_estado, int dim_accion, int64_t neuronas_ocultas = 128,
           float tasa_aprendizaje = 1e-3, bool usar_double_dqn = true);

  int seleccionar_accion(const torch::Tensor &estado, float epsilon);
  void recordar(const Transicion &t);
  float optimizar();
  void actualizar_red_objetivo();
  void a_dispositivo(torch::Device dispositivo);
  int actualizaciones() const { return actualizaciones_; }

private:
  DQN red_policy_{nullptr};        // Red que se entrena
  DQN red_objetivo_{nullptr};      // Red objetivo (parametros fijos temporalmente)
  std::unique_ptr<ReplayBuffer> memoria_;
  torch::optim::Adam optimizador_;
  int dim_accion_;
  torch::Device dispositivo_;
  size_t tamano_lote_;
  float gamma_;                     // Factor de descuento
  bool usar_double_dqn_;
  int actualizaciones_ = 0;
};
