#include "main_functions.hpp"
#include "vae.hpp"

#include <iostream>

int main(int argc, char ** argv)
{
  torch::manual_seed(0);

  // The original requires a mode ("train" or "generate") and an input directory.
  const std::string mode = argc >= 2 ? argv[1] : "train";

  if (mode == "train") {
    const std::string input_dir = argc >= 3 ? argv[2] : "synthetic";
    const float loss = train(input_dir);
    std::cout << "final loss: " << loss << std::endl;
  } else {
    std::cerr << "Unknown mode: " << mode << std::endl;
    std::exit(1);
  }
}
