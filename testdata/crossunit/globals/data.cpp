#include "globals.h"

static const char kLetters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ .,;'";

int n_letters = sizeof(kLetters) - 1;
int batch_width = 100;
int tuned_width = 90;
int bound_width = 60;
int bumped_width = 99;
