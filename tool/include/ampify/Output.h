// The report formats of `ampify check --format=...`, one file each (TextOutput.cpp,
// JsonOutput.cpp, SarifOutput.cpp, GithubOutput.cpp) behind one signature, and the
// clang-apply-replacements export of --export-fixes (ExportFixesOutput.cpp).
//
// Machine formats name files relative to the project root (paths outside it stay absolute), so
// that the same finding reads the same in every checkout.
#pragma once

#include "ampify/CrossUnit.h"
#include "ampify/Finding.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace ampify {

/// What a --shard run leaves for `ampify merge`, which joins the shards' cross-unit facts as one
/// run joins its TUs' and must then treat what the join finds as that run would.
struct ShardCarry {
  const CrossUnitFacts *facts = nullptr;
  /// The settings that shape findings beyond each TU's analysis (Gate.h's recordSettings):
  /// merge applies them to what it joins and refuses shards that disagree on them.
  llvm::json::Object settings;
  /// The findings the gate did not report (baseline, changed lines): the join may amend them,
  /// and merge gates the joined whole again, as one run gates it once.
  std::vector<Finding> withheld;
};

struct ReportContext {
  std::string projectRoot;               // absolute
  bool colors = false;                   // text only
  std::string ruleDocsUrl;               // rule help pages: <ruleDocsUrl>/<rule>.md
  std::string toolVersion;
  std::vector<std::string> fingerprints; // one per finding, same order (see Baseline.h)
  /// A --shard run's carry, which --format=json writes ("crossUnit") for `ampify merge` and
  /// SARIF notes as missing when it has exports, which the join needs (run properties,
/// "ampify/crossUnitFactsLeftOut");
  /// null otherwise.
  const ShardCarry *shard = nullptr;
};

using FindingsWriter = void (*)(llvm::ArrayRef<Finding> findings, const ReportContext &context,
                                llvm::raw_ostream &os);

/// The writer of a --format name, or null for an unknown one.
FindingsWriter findingsWriter(llvm::StringRef format);
/// The names findingsWriter knows, for --help and errors.
llvm::StringRef findingsFormatNames();

void writeFindingsAsText(llvm::ArrayRef<Finding>, const ReportContext &, llvm::raw_ostream &);
/// {"version": 1, "findings": [{rule, severity, path, line, column, message,
/// fingerprint, notes[], fixes[]}]}
/// With context.shard, also "crossUnit": {projectRoot, facts, settings, withheld[]} (withheld:
/// findings as in "findings", without fingerprints).
void writeFindingsAsJson(llvm::ArrayRef<Finding>, const ReportContext &, llvm::raw_ostream &);
/// One entry of the JSON report's "findings" (`fingerprint`: "" for none).
llvm::json::Object findingAsJson(const Finding &finding, const ReportContext &context,
                                 const std::string &fingerprint);
/// SARIF 2.1.0 through clang::SarifDocumentWriter, with rule metadata, fixes and fingerprints.
void writeFindingsAsSarif(llvm::ArrayRef<Finding>, const ReportContext &, llvm::raw_ostream &);
/// GitHub Actions workflow commands: `::warning file=F,line=L,col=C,title=rule::message`.
void writeFindingsAsGithub(llvm::ArrayRef<Finding>, const ReportContext &, llvm::raw_ostream &);

/// Writes the findings' fixes as clang-tidy's --export-fixes YAML, which clang-apply-replacements
/// applies. Paths are relative to the project root, which is the BuildDirectory.
llvm::Error exportFixes(llvm::ArrayRef<Finding> findings, const ReportContext &context,
                        llvm::StringRef outputPath);

/// `path` relative to `root` with '/' separators when it is under `root`, else `path` itself.
std::string projectRelativePath(llvm::StringRef path, llvm::StringRef root);

} // namespace ampify
