#pragma once

#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

// Utility functions for encoding/decoding words
std::unordered_map<std::string, int> build_vocab(const std::vector<std::string> &corpus);

std::vector<std::pair<std::vector<int>, int> > create_dataset(const std::vector<std::string> &corpus,
                                                              const std::unordered_map<std::string, int> &word_to_idx,
                                                              int sequence_length);

// Added for this corpus: a deterministic synthetic corpus (the original hard-codes four sentences).
std::vector<std::string> make_corpus();
