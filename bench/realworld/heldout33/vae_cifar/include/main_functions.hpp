#ifndef MAIN_FUNCTIONS_HPP
#define MAIN_FUNCTIONS_HPP

#include <string>

// Returns the loss of the last step (the original returns nothing).
float train(const std::string & input_dir);

#endif  // MAIN_FUNCTIONS_HPP
