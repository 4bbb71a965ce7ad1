///
/// @file types.hpp
/// @brief Types for PINN, and Libtorch
///

#ifndef FINAL_PROJECT_PINN_TYPES_HPP
#define FINAL_PROJECT_PINN_TYPES_HPP

#pragma once
#include <functional>
#include <types.hpp>
#include <torch/torch.h>

#if !defined (IN_SIZE_2D) || !defined(IN_SIZE_3D) || !defined (OUT_SIZE)
#define IN_SIZE_2D 2
#define IN_SIZE_3D 3
#define OUT_SIZE 1
#endif

#if !defined(NX) || !defined (NY) || !defined(NZ)
#define NX 18+2
#define NY 18+2
#define NZ 10+2
#endif

#if !defined(NUM_FREQ) || !defined(EMBED_WIDTH)
#define NUM_FREQ 18
#define EMBED_WIDTH 100
#endif

/// Using datatypes
using Integer = final_project::Integer;
using Char    = final_project::Char;
using Double  = final_project::Double;
using Float   = final_project::Float;
using String  = final_project::String;

using size_type = final_project::Dworld;

using maintype  = Float;

using BCFunction    = std::function<maintype(maintype, maintype)>;
using BCFunction_3d = std::function<maintype(maintype, maintype, maintype)>;

namespace final_project { namespace PINN {

typedef Float value_type;

enum class Dimension : Integer { UNKNOWN = 0, PINN_2D = IN_SIZE_2D, PINN_3D = IN_SIZE_3D };

} // namespace PINN
} // namespace final_project

#endif // end define FINAL_PROJECT_PINN_TYPES_HPP
