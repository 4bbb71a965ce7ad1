#ifndef PREDICTION_H
#define PREDICTION_H
#include "nn.h"

#include <map>
#include <vector>

std::map<int, float> prediction(std::vector<int> *endDate, int *pickedprod);

// refresh the saved model with the days observed since the export
float update_online(int *prod, int first_day, int n_days);

#endif // PREDICTION_H
