// ampify-tensor-core-alignment across TUs (tests/scale_test.py, CrossUnitGlobals): sizes held in
// mutable globals, as tutorials keep hyperparameters: main.cpp defines `int n_hidden = 100;`,
// data.cpp defines `n_letters` from sizeof, flags.cpp others. A global that no analysed file
// writes has its definition's value; one that any file writes (assigns, takes the address of,
// binds to a non-const reference) has none known.
// Each expected finding has a CROSS-EXPECT comment on its line, followed by text of its message;
// every other line must give none.
#pragma once
#include <cstdint>

extern int n_letters;     // data.cpp: never written
extern int n_hidden;      // main.cpp: never written
extern int64_t n_classes; // main.cpp: never written, sizes main.cpp's own layer
extern int batch_width;   // data.cpp: flags.cpp assigns it from the command line
extern int tuned_width;   // data.cpp: flags.cpp registers its address
extern int bound_width;   // data.cpp: flags.cpp binds a non-const reference to it
extern int bumped_width;  // data.cpp: flags.cpp increments it

void parse_flags(int argc, char **argv);
