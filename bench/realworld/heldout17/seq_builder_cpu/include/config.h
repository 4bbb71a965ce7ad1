#ifndef CPP_TORCH_CONFIG_H
#define CPP_TORCH_CONFIG_H

// Build switches of the library (the original also switches colour console,
// Windows helpers and zlib here). CUDA is chosen per example, in its main file.
#define USE_COLOR_CONSOLE
#define USE_PROGRESS_DISPLAY

#endif
