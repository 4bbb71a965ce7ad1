#pragma once

#include "dqn_agent.h"

// Duracion media de episodios con la politica voraz (epsilon = 0)
float evaluar_politica(DQNAgent &agente, int episodios, unsigned semilla, int max_pasos = 200);
