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
