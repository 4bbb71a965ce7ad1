#pragma once
#include "struc.h"
#include <string>

// one menu command; returns true when the menu should quit
bool menu(database &db, flag &f, const std::string &command);
double last_final_loss();
double last_test_mse();
double last_naive_mse();
