#include "ampify/RuleOptions.h"

#include <gtest/gtest.h>

using namespace ampify;

TEST(GlobList, LastMatchingGlobDecides) {
  GlobList list;
  std::string error;
  ASSERT_TRUE(list.parse("-*,ampify-*,-ampify-tensor-core-alignment", error)) << error;
  EXPECT_TRUE(list.contains("ampify-banned-under-autocast"));
  EXPECT_FALSE(list.contains("ampify-tensor-core-alignment"));
  EXPECT_FALSE(list.contains("other-check"));
}

TEST(GlobList, WhitespaceAndEmptyItemsAreIgnored) {
  GlobList list;
  std::string error;
  ASSERT_TRUE(list.parse(" -* , ,ampify-banned-under-autocast ", error)) << error;
  EXPECT_TRUE(list.contains("ampify-banned-under-autocast"));
  EXPECT_FALSE(list.contains("ampify-half-model"));
}

TEST(GlobList, EmptyListIsAnError) {
  GlobList list;
  std::string error;
  EXPECT_FALSE(list.parse(" , ", error));
  EXPECT_NE(error.find("names no checks"), std::string::npos);
}

TEST(RuleOptions, FindsExactKeys) {
  RuleOptions options;
  options.values["MinDim"] = "64";
  ASSERT_NE(options.find("MinDim"), nullptr);
  EXPECT_EQ(*options.find("MinDim"), "64");
  EXPECT_EQ(options.find("mindim"), nullptr);
}

TEST(OptionSpec, IntegersAreCheckedForTypeAndRange) {
  OptionSpec spec{"MinDim", OptionSpec::Type::Integer, "16", 0, 100, {}, ""};
  EXPECT_FALSE(invalidOptionValue(spec, "64"));
  EXPECT_EQ(*invalidOptionValue(spec, "sixteen"), "'sixteen' is not an integer");
  EXPECT_EQ(*invalidOptionValue(spec, "1.5"), "'1.5' is not an integer");
  EXPECT_EQ(*invalidOptionValue(spec, "-1"), "'-1' is out of range: it must be between 0 and 100");
  EXPECT_EQ(integerOptionValue(" 64 "), 64);
}

TEST(OptionSpec, BooleansVersionsAndChoices) {
  OptionSpec flag{"CheckBatchDim", OptionSpec::Type::Boolean, "false", 0, 1, {}, ""};
  EXPECT_FALSE(invalidOptionValue(flag, "true"));
  EXPECT_FALSE(invalidOptionValue(flag, "0"));
  EXPECT_TRUE(invalidOptionValue(flag, "yes"));
  EXPECT_TRUE(booleanOptionValue("1"));
  EXPECT_FALSE(booleanOptionValue("false"));
  OptionSpec version{"TorchVersion", OptionSpec::Type::Version, "", 0, 0, {}, ""};
  EXPECT_FALSE(invalidOptionValue(version, "2.4"));
  EXPECT_FALSE(invalidOptionValue(version, "1.13.1"));
  EXPECT_TRUE(invalidOptionValue(version, "two"));
  EXPECT_TRUE(invalidOptionValue(version, "2"));
  OptionSpec severity{"Severity", OptionSpec::Type::Choice, "", 0, 0, {"note", "warning", "error"}, ""};
  EXPECT_FALSE(invalidOptionValue(severity, "error"));
  EXPECT_EQ(*invalidOptionValue(severity, "fatal"), "'fatal' is not one of note, warning, error");
}
