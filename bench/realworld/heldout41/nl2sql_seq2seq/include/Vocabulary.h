#pragma once

#include <string>
#include <unordered_map>
#include <vector>

class Vocabulary {
public:
    static constexpr int PAD_TOKEN = 0;
    static constexpr int SOS_TOKEN = 1;
    static constexpr int EOS_TOKEN = 2;
    static constexpr int UNK_TOKEN = 3;

    Vocabulary();

    void addSentence(const std::string& sentence);
    void addWord(const std::string& word);
    void limitSize(int max_size);
    std::vector<int> encode(const std::string& sentence) const;
    std::string getWord(int index) const;
    int size() const { return static_cast<int>(index2word_.size()); }

private:
    std::unordered_map<std::string, int> word2index_;
    std::unordered_map<std::string, int> word2count_;
    std::vector<std::string> index2word_;
};
