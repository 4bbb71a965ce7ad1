// Reads values from the project's configuration text. The original reads a JSON
// file with nlohmann::json (data["hourglass"]["channels"], data["training"]["epochs"]);
// here the configuration is "section.key = value" lines, read at run time the same way.
#ifndef CONFIG_HPP
#define CONFIG_HPP

#include <string>

int config_int(const std::string& config, const std::string& key, int fallback);
float config_float(const std::string& config, const std::string& key, float fallback);
bool config_bool(const std::string& config, const std::string& key, bool fallback);
std::string config_string(const std::string& config, const std::string& key, const std::string& fallback);

#endif  // CONFIG_HPP
