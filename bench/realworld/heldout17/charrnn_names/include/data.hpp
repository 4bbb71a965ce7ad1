#ifndef _DATA_H
#define _DATA_H

#include <torch/torch.h>

#include <map>
#include <string>
#include <vector>

#include "tools.hpp"

extern char gszAll_Letters[];
extern int gn_letters;

typedef std::map<std::string, enumerateLinesList_t> map_category_all_lines;

extern allCategorysList_t gAllCategorysList;
extern map_category_all_lines gMapCategoryAllLines;

// The original reads one file of names per language; here each language gets
// its own syllables and name endings, and names are generated from them.
int getAllCategorys(allCategorysList_t &List);
int getAllLinesForCategorys(int names_per_category, unsigned seed);

// Held-out names: per_category of each language, with their language index and gender.
void getTestLines(int per_category, unsigned seed, std::vector<std::string> &lines,
				  std::vector<int> &categories, std::vector<int> &genders);

int letterToIndex(char szLetter);
// <line_length x 1 x n_letters> one-hot
torch::Tensor lineToTensor(const char *szLine);
// <max_length x batch x n_letters> one-hot, zero rows after each name's end
torch::Tensor linesToTensor(const std::vector<std::string> &lines, torch::Tensor &lengths);

#endif // !_DATA_H
