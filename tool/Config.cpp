#include "ampify/Config.h"

#include "ampify/BoundedInput.h"
#include "ampify/RuleRegistry.h"
#include "ampify/Driver.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

namespace ampify {
namespace yaml = llvm::yaml;
namespace {

std::optional<std::string> scalarText(yaml::Node *node) {
  auto *scalar = llvm::dyn_cast_or_null<yaml::ScalarNode>(node);
  if (!scalar)
    return std::nullopt;
  llvm::SmallString<64> storage;
  return scalar->getValue(storage).str();
}

/// YAML single-quoted scalar: the only escape is '' for '.
std::string quoted(llvm::StringRef text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'')
      out += '\'';
    out += c;
  }
  return out + "'";
}

std::string parentDir(llvm::StringRef path) { return llvm::sys::path::parent_path(path).str(); }

} // namespace

std::optional<std::string> invalidOptionValue(llvm::StringRef key, llvm::StringRef value) {
  if (key == "HeaderFilterRegex") {
    std::string error;
    if (!llvm::Regex(value).isValid(error))
      return "invalid HeaderFilterRegex '" + value.str() + "': " + error;
    return std::nullopt;
  }
  return invalidRuleOption(key, value);
}

llvm::Expected<ConfigFile> parseConfigFile(llvm::StringRef text, llvm::StringRef path) {
  ConfigFile config;
  config.path = path.str();
  llvm::SourceMgr sources;
  std::string errors;
  sources.setDiagHandler(
      [](const llvm::SMDiagnostic &diag, void *out) {
        llvm::raw_string_ostream os(*static_cast<std::string *>(out));
        diag.print(nullptr, os, /*ShowColors=*/false);
      },
      &errors);
  if (llvm::Error err = checkYamlNesting(text, "'" + path.str() + "'"))
    return std::move(err);
  yaml::Stream stream(llvm::MemoryBufferRef(text, path), sources);
  auto fail = [&](yaml::Node *node, const llvm::Twine &message) -> llvm::Error {
    stream.printError(node, message);
    return llvm::createStringError(std::errc::invalid_argument, "%s",
                                   llvm::StringRef(errors).rtrim().str().c_str());
  };

  yaml::document_iterator doc = stream.begin();
  if (doc == stream.end())
    return config;
  yaml::Node *root = doc->getRoot();
  if (stream.failed())
    return llvm::createStringError(std::errc::invalid_argument, "%s",
                                   llvm::StringRef(errors).rtrim().str().c_str());
  if (llvm::isa<yaml::NullNode>(root))
    return config; // an empty file
  auto *top = llvm::dyn_cast<yaml::MappingNode>(root);
  if (!top)
    return fail(root, "an .ampify.yaml must be a mapping of Checks, CheckOptions, "
                      "HeaderFilterRegex, InheritParentConfig");
  for (yaml::KeyValueNode &entry : *top) {
    std::optional<std::string> key = scalarText(entry.getKey());
    if (stream.failed())
      break;
    yaml::Node *value = entry.getValue();
    if (!key)
      return fail(entry.getKey(), "expected a key");
    if (*key == "CheckOptions") {
      auto *options = llvm::dyn_cast<yaml::MappingNode>(value);
      if (!options)
        return fail(value, "CheckOptions must be a mapping of option names to values");
      for (yaml::KeyValueNode &option : *options) {
        std::optional<std::string> name = scalarText(option.getKey());
        std::optional<std::string> text = scalarText(option.getValue());
        if (stream.failed())
          break;
        if (!name)
          return fail(option.getKey(), "expected an option name");
        if (!text)
          return fail(option.getValue(), "the value of '" + *name + "' must be a scalar");
        if (auto why = invalidOptionValue(*name, *text))
          return fail(option.getValue(), *why);
        config.checkOptions[*name] = *text;
      }
      continue;
    }
    std::optional<std::string> text = scalarText(value);
    if (stream.failed())
      break;
    if (*key != "Checks" && *key != "HeaderFilterRegex" && *key != "InheritParentConfig")
      return fail(entry.getKey(), "unknown key '" + *key +
                                      "' (expected Checks, CheckOptions, HeaderFilterRegex, "
                                      "InheritParentConfig)");
    if (!text)
      return fail(value, "'" + *key + "' must be a scalar");
    if (*key == "Checks") {
      GlobList list;
      std::string error;
      if (!list.parse(*text, error))
        return fail(value, error);
      config.checks = *text;
    } else if (*key == "HeaderFilterRegex") {
      if (auto why = invalidOptionValue(*key, *text))
        return fail(value, *why);
      config.headerFilter = *text;
    } else {
      if (*text != "true" && *text != "false")
        return fail(value, "InheritParentConfig must be true or false");
      config.inheritParent = *text == "true";
    }
  }
  if (stream.failed())
    return llvm::createStringError(std::errc::invalid_argument, "%s",
                                   llvm::StringRef(errors).rtrim().str().c_str());
  if (++doc != stream.end())
    return fail(doc->getRoot(), "an .ampify.yaml holds one document");
  return config;
}

std::optional<Severity> configuredSeverity(const AnalysisOptions &options, llvm::StringRef rule) {
  const std::string *text = options.ruleOptions.find((rule + ".Severity").str());
  if (!text)
    return std::nullopt;
  if (*text == "note")
    return Severity::Note;
  if (*text == "error")
    return Severity::Error;
  if (*text == "warning")
    return Severity::Warning;
  return std::nullopt;
}

void applyConfigToFindings(const AnalysisOptions &options, llvm::StringRef mainFile,
                           std::vector<Finding> &findings) {
  llvm::Regex headerFilter(options.headerFilter);
  llvm::erase_if(findings, [&](const Finding &finding) {
    if (!options.checks.contains(finding.rule))
      return true;
    return !options.headerFilter.empty() && finding.where.file != mainFile &&
           !headerFilter.match(finding.where.file);
  });
  for (Finding &finding : findings)
    if (auto severity = configuredSeverity(options, finding.rule))
      finding.severity = *severity;
}

ConfigResolver::ConfigResolver(const AnalysisOptions &commandLine, std::string defaultChecks,
                               std::optional<std::string> checksOverride)
    : commandLine_(std::make_unique<AnalysisOptions>(commandLine)),
      defaultChecks_(std::move(defaultChecks)), checksOverride_(std::move(checksOverride)) {
  commandLine_->config = nullptr;
}

ConfigResolver::~ConfigResolver() = default;

llvm::Expected<std::vector<std::shared_ptr<const ConfigFile>>>
ConfigResolver::chainFor(llvm::StringRef dir) const {
  std::vector<std::shared_ptr<const ConfigFile>> chain; // nearest first while walking
  llvm::SmallString<256> current(dir);
  llvm::sys::fs::make_absolute(current);
  llvm::sys::path::remove_dots(current, /*remove_dot_dot=*/true);
  while (!current.empty()) {
    llvm::SmallString<256> candidate(current);
    llvm::sys::path::append(candidate, ConfigFileName);
    std::shared_ptr<const ConfigFile> file;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      auto it = files_.find(std::string(candidate));
      if (it != files_.end()) {
        file = it->second;
      } else {
        if (llvm::sys::fs::exists(candidate)) {
          auto buffer = llvm::MemoryBuffer::getFile(candidate);
          if (!buffer)
            return llvm::createStringError(buffer.getError(), "cannot read '%s': %s",
                                           candidate.c_str(), buffer.getError().message().c_str());
          auto parsed = parseConfigFile((*buffer)->getBuffer(), candidate);
          if (!parsed)
            return parsed.takeError(); // not cached: every TU under it reports the error
          file = std::make_shared<const ConfigFile>(std::move(*parsed));
        }
        files_.emplace(std::string(candidate), file);
      }
    }
    if (file) {
      chain.push_back(file);
      if (!file->inheritParent)
        break;
    }
    llvm::StringRef parent = llvm::sys::path::parent_path(current);
    if (parent == current)
      break;
    current = parent;
  }
  std::reverse(chain.begin(), chain.end());
  return chain;
}

llvm::Expected<AnalysisOptions> ConfigResolver::optionsFor(llvm::StringRef file) const {
  auto chain = chainFor(parentDir(file));
  if (!chain)
    return chain.takeError();
  AnalysisOptions options = *commandLine_;
  std::string checks = defaultChecks_;
  options.ruleOptions.values.clear();
  for (const auto &config : *chain) {
    if (config->checks)
      checks += "," + *config->checks;
    if (config->headerFilter)
      options.headerFilter = *config->headerFilter;
    for (const auto &[key, value] : config->checkOptions)
      options.ruleOptions.values[key] = value;
  }
  if (checksOverride_)
    checks += "," + *checksOverride_;
  for (const auto &[key, value] : commandLine_->ruleOptions.values)
    options.ruleOptions.values[key] = value;
  if (const std::string *filter = options.ruleOptions.find("HeaderFilterRegex"))
    options.headerFilter = *filter;
  std::string error;
  if (!options.checks.parse(checks, error))
    return llvm::createStringError(std::errc::invalid_argument, "checks of '%s': %s",
                                   file.str().c_str(), error.c_str());
  return options;
}

llvm::Error ConfigResolver::dump(llvm::StringRef file, llvm::raw_ostream &os) const {
  auto chain = chainFor(parentDir(file));
  if (!chain)
    return chain.takeError();
  auto options = optionsFor(file);
  if (!options)
    return options.takeError();
  os << "# Effective configuration of " << file << "\n# from: defaults";
  for (const auto &config : *chain)
    os << ", " << config->path;
  os << ", command line\n";
  os << "Checks: " << quoted(options->checks.text()) << "\n";
  os << "HeaderFilterRegex: " << quoted(options->headerFilter) << "\n";
  // Every option of the analysis and of the enabled checks, with the value that applies.
  os << "CheckOptions:\n";
  const RuleOptions &set = options->ruleOptions;
  for (const DeclaredOption &option : declaredOptions()) {
    if (!option.rule.empty() && !options->checks.contains(option.rule))
      continue;
    std::string key = option.rule.empty() ? option.spec.key : option.rule + "." + option.spec.key;
    const std::string *value = set.find(key);
    if (!value && !option.rule.empty() && option.spec.key != "Severity")
      value = set.find(option.spec.key);
    if (!value && option.spec.key == "Severity")
      continue; // the check's own severity
    os << "  " << key << ": " << quoted(value ? *value : option.spec.defaultValue);
    if (!value)
      os << " # default" << (option.spec.defaultValue.empty() ? ": " + option.spec.description : "");
    os << "\n";
  }
  return llvm::Error::success();
}

std::string findProjectRoot(llvm::StringRef start) {
  llvm::SmallString<256> dir(start);
  llvm::sys::fs::make_absolute(dir);
  llvm::sys::path::remove_dots(dir, /*remove_dot_dot=*/true);
  std::string nearestConfig;
  for (llvm::StringRef current = dir; !current.empty();) {
    llvm::SmallString<256> probe(current);
    llvm::sys::path::append(probe, ".git");
    if (llvm::sys::fs::exists(probe))
      return current.str();
    probe = current;
    llvm::sys::path::append(probe, ConfigFileName);
    if (nearestConfig.empty() && llvm::sys::fs::exists(probe))
      nearestConfig = current.str();
    llvm::StringRef parent = llvm::sys::path::parent_path(current);
    if (parent == current)
      break;
    current = parent;
  }
  return nearestConfig.empty() ? std::string(dir) : nearestConfig;
}

} // namespace ampify
