#pragma once
// The mock mirrors LibTorch 1.13's version macros; tests may override them with -D.
#ifndef TORCH_VERSION_MAJOR
#define TORCH_VERSION_MAJOR 1
#define TORCH_VERSION_MINOR 13
#define TORCH_VERSION_PATCH 1
#endif
