#include "evaluate.h"
#include "cartpole.h"

float evaluar_politica(DQNAgent &agente, int episodios, unsigned semilla, int max_pasos) {
  CartPoleEnv entorno(semilla);
  float total = 0.f;
  for (int e = 0; e < episodios; ++e) {
    auto estado = entorno.reiniciar();
    int pasos = 0;
    for (; pasos < max_pasos; ++pasos) {
      auto tensor_estado = torch::tensor(estado);
      int accion = agente.seleccionar_accion(tensor_estado, 0.0f);
      auto resultado = entorno.ejecutar(accion);
      estado = std::get<0>(resultado);
      if (std::get<2>(resultado)) { ++pasos; break; }
    }
    total += static_cast<float>(pasos);
  }
  return total / episodios;
}
