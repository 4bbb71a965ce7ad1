///
/// @file types.hpp
/// @brief Basic types of the project
///

#ifndef FINAL_PROJECT_TYPES_HPP
#define FINAL_PROJECT_TYPES_HPP

#pragma once
#include <cstddef>
#include <string>

namespace final_project {

using Integer = int;
using Char    = char;
using Float   = float;
using Double  = double;
using String  = std::string;
using Dworld  = std::size_t;

} // namespace final_project

#endif // FINAL_PROJECT_TYPES_HPP
