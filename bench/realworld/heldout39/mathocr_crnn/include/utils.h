//
// Tokenizer helpers of MathOCR (string <-> label tensor).
//

#ifndef MATHOCR_UTILS_H
#define MATHOCR_UTILS_H

#include "OCREngine.h"

#include <iostream>
#include <string>
#include <vector>

extern const int ALLOC_ERROR;

struct Options {};

extern Options settings;

// index 0 is the CTC blank
const std::string &vocabulary();

torch::Tensor toTensor(const std::vector<std::string> &strs);

torch::Tensor toTensor(const std::string &str);

std::vector<std::string> toString(const torch::Tensor &tensor);

void printHelp();

int clamp(int n, int lower, int upper);

#endif//MATHOCR_UTILS_H
