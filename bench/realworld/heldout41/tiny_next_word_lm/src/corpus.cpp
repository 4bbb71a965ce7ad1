#include "corpus.h"

#include <iterator>
#include <sstream>

std::unordered_map<std::string, int> build_vocab(const std::vector<std::string> &corpus)
{
    std::unordered_map<std::string, int> word_to_idx;
    int idx = 0;
    for (const auto &sentence : corpus)
    {
        std::istringstream stream(sentence);
        std::string word;
        while (stream >> word)
        {
            if (word_to_idx.find(word) == word_to_idx.end())
            {
                word_to_idx[word] = idx++;
            }
        }
    }
    return word_to_idx;
}

std::vector<std::pair<std::vector<int>, int> > create_dataset(const std::vector<std::string> &corpus,
                                                              const std::unordered_map<std::string, int> &word_to_idx,
                                                              int sequence_length)
{
    std::vector<std::pair<std::vector<int>, int> > dataset;
    for (const auto &sentence : corpus)
    {
        std::istringstream stream(sentence);
        std::vector<std::string> tokens{std::istream_iterator<std::string>{stream}, std::istream_iterator<std::string>{}};
        for (size_t i = 0; i + sequence_length < tokens.size(); ++i)
        {
            std::vector<int> x(sequence_length);
            for (size_t j = 0; j < static_cast<size_t>(sequence_length); ++j)
            {
                x[j] = word_to_idx.at(tokens[i + j]);
            }
            int y = word_to_idx.at(tokens[i + sequence_length]);
            dataset.emplace_back(x, y);
        }
    }
    return dataset;
}

std::vector<std::string> make_corpus()
{
    // The original's four sentences, then a few more of the same pattern.
    const std::vector<std::string> things = {"sky", "grass", "sun", "moon", "sea", "snow"};
    const std::vector<std::string> colours = {"blue", "green", "bright", "white", "deep", "cold"};
    std::vector<std::string> corpus;
    for (size_t i = 0; i < things.size(); ++i)
    {
        corpus.push_back("the " + things[i] + " is " + colours[i]);
        corpus.push_back("today the " + things[i] + " is very " + colours[i]);
    }
    return corpus;
}
