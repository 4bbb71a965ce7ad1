#pragma once

#include <map>
#include <string>

namespace probs {

// Flat "section.key: value" configuration, as the original reads from its YAML file.
class ConfigParser {
public:
    explicit ConfigParser(const std::string &text);

    int GetInt(const std::string &key) const;
    double GetDouble(const std::string &key) const;
    std::string GetString(const std::string &key) const;
    bool KeyExist(const std::string &key) const;

private:
    std::map<std::string, std::string> values_;
};

}  // namespace probs
