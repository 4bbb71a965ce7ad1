// A question corpus in the six coarse classes of TREC (NUM, LOC, ABBR, HUM, DESC, ENTY),
// generated from templates instead of read from train.txt / test.txt.
#include<torch/torch.h>
#include<algorithm>
#include<random>
#include<regex>
#include<string>
#include<vector>

#include "loader.h"

namespace {

const std::vector<std::string> kTopics = {
    "river", "bridge", "planet", "virus", "engine", "ocean", "mountain", "castle", "computer",
    "festival", "island", "language", "museum", "novel", "painting", "railway", "satellite",
    "telescope", "volcano", "war", "coin", "symphony", "desert", "glacier", "telephone",
    "airport", "empire", "vaccine", "camera", "galaxy", "canal", "temple", "treaty", "opera",
    "battery", "dinosaur", "tower", "lake", "comet", "forest"};

const std::vector<std::string> kFillers = {
    "the", "a", "of", "in", "on", "first", "largest", "famous", "old", "new", "world", "city",
    "country", "that", "this", "does", "did", "was", "is", "are", "to", "for", "by", "with"};

const std::vector<std::vector<std::string>> kTemplates = {
    // NUM
    {"how many T are there in the world", "how long is the T", "what year was the T built",
     "how much did the T cost", "when did the T open", "how far is the T from the city",
     "what is the population near the T", "how old is the T"},
    // LOC
    {"where is the T", "what country has the largest T", "which city is the T in",
     "where can you find a T", "what state is the T located in", "where was the first T"},
    // ABBR
    {"what does T stand for", "what is the abbreviation for T", "what is the full form of T",
     "what is T short for"},
    // HUM
    {"who invented the T", "who discovered the T", "who built the first T",
     "who was the T named after", "what person designed the T", "who wrote the T"},
    // DESC
    {"what is a T", "why does the T move", "how does a T work", "what is the meaning of T",
     "what causes a T", "how do you make a T", "what is the definition of T"},
    // ENTY
    {"what animal lives near the T", "what color is the T", "what is the name of the T",
     "what kind of T is used in the war", "what instrument plays in the T",
     "what food comes from the T", "what sport is played on the T"}};

}  // namespace

std::string preprocess(std::string &s) {
    std::regex reg1("[^A-Za-z0-9(),!?\\'\\`]");
    s = std::regex_replace(s, reg1, " ");
    std::regex reg8(",");
    s = std::regex_replace(s, reg8, " , ");
    std::regex reg12("\\?");
    s = std::regex_replace(s, reg12, " ? ");
    std::regex reg13("\\s{2,}");
    s = std::regex_replace(s, reg13, " ");
    return s;
}

innerpair load_trec(uint64_t split_seed, int32_t size) {
    std::mt19937 gen(static_cast<uint32_t>(split_seed));
    std::uniform_int_distribution<int> label_dist(0, 5);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);

    std::vector<std::string> sentences;
    std::vector<int32_t> labels;
    for (int32_t i = 0; i < size; i++) {
        const int label = label_dist(gen);
        const auto &templates = kTemplates[label];
        std::string sentence = templates[gen() % templates.size()];
        const std::string topic = kTopics[gen() % kTopics.size()];
        sentence = std::regex_replace(sentence, std::regex("T"), topic);
        // a few filler words, as real questions vary
        const int extra = static_cast<int>(gen() % 4);
        for (int e = 0; e < extra; e++) {
            sentence += " " + kFillers[gen() % kFillers.size()];
        }
        sentence += " ?";
        // label noise: some questions are annotated with a neighbouring class
        int noisy = label;
        if (unit(gen) < 0.05f) {
            noisy = label_dist(gen);
        }
        sentences.push_back(preprocess(sentence));
        labels.push_back(noisy);
    }
    return std::make_pair(sentences, labels);
}
