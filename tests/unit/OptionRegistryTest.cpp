// The options every rule and the analysis declare, and how a key=value is judged against them:
// the one check behind --check-option, .ampify.yaml and the clang-tidy plugin.
#include "ampify/RuleRegistry.h"

#include <gtest/gtest.h>

using namespace ampify;

namespace {

const DeclaredOption *declared(llvm::StringRef rule, llvm::StringRef key) {
  for (const DeclaredOption &option : declaredOptions())
    if (option.rule == rule && option.spec.key == key)
      return &option;
  return nullptr;
}

} // namespace

TEST(DeclaredOptions, ListTheAnalysisAndEveryRulesOptionsWithDefaults) {
  const DeclaredOption *version = declared("", "TorchVersion");
  ASSERT_NE(version, nullptr);
  EXPECT_EQ(version->spec.type, OptionSpec::Type::Version);
  const DeclaredOption *minDim = declared("ampify-tensor-core-alignment", "MinDim");
  ASSERT_NE(minDim, nullptr);
  EXPECT_EQ(minDim->spec.defaultValue, "16");
  for (const RuleInfo &info : allRules())
    EXPECT_NE(declared(info.name, "Severity"), nullptr) << info.name.str();
}

TEST(InvalidRuleOption, AcceptsDeclaredKeysWithValidValues) {
  EXPECT_FALSE(invalidRuleOption("ampify-tensor-core-alignment.MinDim", "32"));
  EXPECT_FALSE(invalidRuleOption("MinDim", "32"));
  EXPECT_FALSE(invalidRuleOption("TensorCoreMultiple", "16"));
  EXPECT_FALSE(invalidRuleOption("ampify-tensor-core-alignment.CheckBatchDim", "1"));
  EXPECT_FALSE(invalidRuleOption("TorchVersion", "2.4"));
  EXPECT_FALSE(invalidRuleOption("ampify-half-model.Severity", "error"));
}

TEST(InvalidRuleOption, NamesWhatIsWrong) {
  EXPECT_EQ(*invalidRuleOption("ampify-tensor-core-alignment.MinDim", "sixteen"),
            "option 'ampify-tensor-core-alignment.MinDim': 'sixteen' is not an integer");
  EXPECT_EQ(*invalidRuleOption("TensorCoreMultiple", "0"),
            "option 'TensorCoreMultiple': '0' is out of range: it must be between 1 and 1024");
  std::optional<std::string> typo = invalidRuleOption("ampify-tensor-core-alignment.MinDimm", "16");
  ASSERT_TRUE(typo);
  EXPECT_NE(typo->find("unknown option 'MinDimm' of check 'ampify-tensor-core-alignment'"), std::string::npos);
  EXPECT_NE(typo->find("MinDim"), std::string::npos) << "lists the check's options";
  EXPECT_EQ(*invalidRuleOption("ampify-no-such-check.MinDim", "16"),
            "unknown check 'ampify-no-such-check' in option 'ampify-no-such-check.MinDim'");
  EXPECT_EQ(*invalidRuleOption("NoSuchOption", "1"), "unknown option 'NoSuchOption': no check declares it");
  EXPECT_EQ(*invalidRuleOption("TorchVersion", "latest"),
            "option 'TorchVersion': 'latest' is not a LibTorch version (MAJOR.MINOR, e.g. 2.4)");
  EXPECT_TRUE(invalidRuleOption("ampify-half-model.Severity", "fatal"));
  EXPECT_TRUE(invalidRuleOption("Severity", "error"));
}

TEST(InvalidRuleOption, TheLibTorchVersionIsOnePerAnalysisNotPerRule) {
  std::optional<std::string> why = invalidRuleOption("ampify-dtype-assumption.TorchVersion", "2.4");
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("global option"), std::string::npos) << *why;
}
