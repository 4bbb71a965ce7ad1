#include "replay_buffer.h"

ReplayBuffer::ReplayBuffer(size_t capacidad, unsigned semilla)
    : capacidad_(capacidad), indice_escritura_(0), generador_aleatorio_(semilla) {
  buffer_.reserve(capacidad < 4096 ? capacidad : 4096);
}

void ReplayBuffer::agregar(const Transicion &t) {
  if (buffer_.size() < capacidad_) {
    buffer_.push_back(t);
  } else {
    buffer_[indice_escritura_] = t;
  }
  indice_escritura_ = (indice_escritura_ + 1) % capacidad_;
}

size_t ReplayBuffer::tamano() const { return buffer_.size(); }

std::tuple<torch::Tensor, torch::Tensor, torch::Tensor, torch::Tensor, torch::Tensor>
ReplayBuffer::muestrear(size_t tamano_lote) {
  std::uniform_int_distribution<size_t> dist(0, buffer_.size() - 1);
  std::vector<float> estados, siguientes, recompensas, terminados;
  std::vector<int64_t> acciones;
  for (size_t i = 0; i < tamano_lote; ++i) {
    const Transicion &t = buffer_[dist(generador_aleatorio_)];
    estados.insert(estados.end(), t.estado.begin(), t.estado.end());
    siguientes.insert(siguientes.end(), t.siguiente_estado.begin(), t.siguiente_estado.end());
    acciones.push_back(t.accion);
    recompensas.push_back(t.recompensa);
    terminados.push_back(t.terminado ? 1.f : 0.f);
  }
  const int64_t n = static_cast<int64_t>(tamano_lote);
  const int64_t d = static_cast<int64_t>(buffer_.front().estado.size());
  return {torch::tensor(estados).view({n, d}), torch::tensor(acciones),
          torch::tensor(recompensas), torch::tensor(siguientes).view({n, d}),
          torch::tensor(terminados)};
}
