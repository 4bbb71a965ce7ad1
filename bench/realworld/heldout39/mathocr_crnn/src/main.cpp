#include <iostream>
#include <string>

#include "utils.h"

const int INVALID_PARAMETER_COUNT = 1;
const int INVALID_PARAMETER = 2;
const int ALLOC_ERROR = 3;
const int READ_ERROR = 4;
const int PROCESSING_ERROR = 5;

const int64_t IMAGE_HEIGHT = 8;
const int64_t IMAGE_WIDTH = 64;
const int64_t MAX_LABEL_LEN = 3;

const torch::Device DEVICE = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;

const std::string VERSION = "0.1";

Options settings;

int main(int argc, char **argv) {
  torch::manual_seed(0);
  torch::set_num_threads(1);

  std::string argOne(argc > 1 ? argv[1] : "train");
  size_t argOneLen = argOne.size();
  size_t i;
  for (i = 0; i < argOneLen; ++i) {
    if (!isalpha(argOne[i]))
      continue;
    break;
  }
  argOne = argOne.substr(i);
  if (argOne == "h" || argOne == "help") {
    printHelp();
  } else if (argOne == "v" || argOne == "version") {
    std::cout << "MathOCR version: " << VERSION << std::endl;
  } else if (argOne == "train") {
    OCREngine ocr;
    ocr->to(DEVICE);
    std::string dataDirectory("synthetic-train");
    unsigned long epoch = argc > 2 ? std::stoul(argv[2]) : 3;
    float learningRate = argc > 3 ? std::stof(argv[3]) : 1e-3f;
    double finalLoss = ocr->train(dataDirectory, epoch, learningRate);
    ocr->test("synthetic-test");
    std::cout << "final loss: " << finalLoss << std::endl;
  } else {
    std::cerr << "unknown command, use /help for usage" << std::endl;
    exit(INVALID_PARAMETER);
  }
  return 0;
}
