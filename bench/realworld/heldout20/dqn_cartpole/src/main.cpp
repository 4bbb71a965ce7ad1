#include <torch/torch.h>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include "dqn_agent.h"
#include "cartpole.h"
#include "evaluate.h"

int main(int argc, char **argv) {
  torch::manual_seed(7);
  std::srand(7);

  torch::Device dispositivo = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  std::cout << "Dispositivo: " << (dispositivo.is_cuda() ? "CUDA" : "CPU") << std::endl;

  CartPoleEnv entorno(11);
  const int dim_estado = 4;
  const int dim_accion = 2;
  DQNAgent agente(dim_estado, dim_accion, 100, 1e-3);
  agente.a_dispositivo(dispositivo);

  float antes = evaluar_politica(agente, 20, 99);

  const int num_episodios = 400;
  const int max_actualizaciones = 300;
  const int frecuencia_actualizacion = 50;  // en actualizaciones
  const int frecuencia_entrenamiento = 4;   // pasos de entorno por actualizacion
  float epsilon = 1.0f;
  const float epsilon_final = 0.05f;
  const float tau_decay = 100.0f;
  int pasos_totales = 0;
  const int pasos_warmup = 1000;
  float ultima_perdida = 0.f;
  float suma_perdida = 0.f;
  int n_perdida = 0;

  for (int episodio = 1; episodio <= num_episodios; ++episodio) {
    auto estado = entorno.reiniciar();
    float recompensa_episodio = 0.0f;

    for (int paso = 0; paso < 200; ++paso) {
      auto tensor_estado = torch::tensor(estado);
      int accion = agente.seleccionar_accion(tensor_estado, epsilon);
      auto [siguiente_estado, recompensa, terminado] = entorno.ejecutar(accion);
      Transicion transicion{estado, accion, recompensa, siguiente_estado, terminado};
      agente.recordar(transicion);

      if (pasos_totales >= pasos_warmup && pasos_totales % frecuencia_entrenamiento == 0 &&
          agente.actualizaciones() < max_actualizaciones) {
        float p = agente.optimizar();
        if (p >= 0.f) {
          ultima_perdida = p;
          suma_perdida += p;
          ++n_perdida;
          if (agente.actualizaciones() % frecuencia_actualizacion == 0) agente.actualizar_red_objetivo();
          epsilon = epsilon_final + (1.0f - epsilon_final) *
                                        std::exp(-1.0f * agente.actualizaciones() / tau_decay);
        }
      }

      estado = siguiente_estado;
      recompensa_episodio += recompensa;
      pasos_totales++;
      if (terminado) break;
    }

    if (episodio % 20 == 0) {
      std::cout << "Episodio " << episodio << " | Recompensa: " << recompensa_episodio
                << " | Epsilon: " << epsilon << " | Pasos: " << pasos_totales
                << " | Actualizaciones: " << agente.actualizaciones()
                << " | Perdida media: " << (n_perdida ? suma_perdida / n_perdida : 0.f) << std::endl;
      suma_perdida = 0.f;
      n_perdida = 0;
    }
    if (agente.actualizaciones() >= max_actualizaciones) break;
  }

  float despues = evaluar_politica(agente, 20, 99);
  std::cout << "Entrenamiento finalizado." << std::endl;
  std::cout << "final loss: " << ultima_perdida << std::endl;
  std::cout << "greedy episode length (20 test episodes): " << antes << " -> " << despues << std::endl;
  return 0;
}
