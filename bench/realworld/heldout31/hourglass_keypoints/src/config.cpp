#include "config.hpp"

#include <sstream>

namespace {

bool find_value(const std::string& config, const std::string& key, std::string& value) {
    std::istringstream lines(config);
    std::string line;
    while (std::getline(lines, line)) {
        auto eq = line.find('=');
        if (eq == std::string::npos) continue;
        std::string k = line.substr(0, eq);
        std::string v = line.substr(eq + 1);
        k.erase(0, k.find_first_not_of(" \t"));
        k.erase(k.find_last_not_of(" \t") + 1);
        v.erase(0, v.find_first_not_of(" \t"));
        v.erase(v.find_last_not_of(" \t") + 1);
        if (k == key) {
            value = v;
            return true;
        }
    }
    return false;
}

}  // namespace

int config_int(const std::string& config, const std::string& key, int fallback) {
    std::string v;
    return find_value(config, key, v) ? std::stoi(v) : fallback;
}

float config_float(const std::string& config, const std::string& key, float fallback) {
    std::string v;
    return find_value(config, key, v) ? std::stof(v) : fallback;
}

bool config_bool(const std::string& config, const std::string& key, bool fallback) {
    std::string v;
    return find_value(config, key, v) ? (v == "true" || v == "1") : fallback;
}

std::string config_string(const std::string& config, const std::string& key, const std::string& fallback) {
    std::string v;
    return find_value(config, key, v) ? v : fallback;
}
