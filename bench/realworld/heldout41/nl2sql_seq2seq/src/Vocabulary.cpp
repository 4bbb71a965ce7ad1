#include "Vocabulary.h"

#include <algorithm>
#include <sstream>

Vocabulary::Vocabulary() {
    index2word_ = {"<PAD>", "<SOS>", "<EOS>", "<UNK>"};
    for (int i = 0; i < static_cast<int>(index2word_.size()); ++i) {
        word2index_[index2word_[i]] = i;
    }
}

void Vocabulary::addSentence(const std::string& sentence) {
    std::istringstream stream(sentence);
    std::string word;
    while (stream >> word) {
        addWord(word);
    }
}

void Vocabulary::addWord(const std::string& word) {
    word2count_[word]++;
    if (word2index_.find(word) == word2index_.end()) {
        word2index_[word] = static_cast<int>(index2word_.size());
        index2word_.push_back(word);
    }
}

void Vocabulary::limitSize(int max_size) {
    if (size() <= max_size) return;
    std::vector<std::string> words(index2word_.begin() + 4, index2word_.end());
    std::stable_sort(words.begin(), words.end(), [this](const std::string& a, const std::string& b) {
        return word2count_.at(a) > word2count_.at(b);
    });
    words.resize(static_cast<size_t>(max_size - 4));
    index2word_.resize(4);
    word2index_.clear();
    for (int i = 0; i < 4; ++i) word2index_[index2word_[i]] = i;
    for (const auto& w : words) {
        word2index_[w] = static_cast<int>(index2word_.size());
        index2word_.push_back(w);
    }
}

std::vector<int> Vocabulary::encode(const std::string& sentence) const {
    std::vector<int> ids{SOS_TOKEN};
    std::istringstream stream(sentence);
    std::string word;
    while (stream >> word) {
        auto it = word2index_.find(word);
        ids.push_back(it == word2index_.end() ? UNK_TOKEN : it->second);
    }
    ids.push_back(EOS_TOKEN);
    return ids;
}

std::string Vocabulary::getWord(int index) const {
    if (index < 0 || index >= size()) return "<UNK>";
    return index2word_[static_cast<size_t>(index)];
}
