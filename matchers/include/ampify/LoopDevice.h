// The device of each training loop's autocast regions: the one the program itself moves its
// tensors and model to (through constants, torch::Device variables and
// `torch::cuda::is_available()` ternaries), or the one the `AutocastDevice` option names. `ampify
// fix` writes it into the migrated loop; the precision flow analyses the loop's forward and loss
// under that device's autocast before the migration (docs/analysis.md), so that `check` and `fix`
// agree on what the migration will run. Part of the TU's AnalysisSession.
#pragma once

#include "ampify/TrainingLoops.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceLocation.h"

#include <memory>
#include <string>

namespace ampify {

/// What a device expression of the program evaluates to.
enum class DeviceKind { Cpu, Cuda, Either /* CUDA or CPU, decided at run time */, Unknown };

/// The device of a loop's autocast regions and what decided it.
struct DeviceDecision {
  std::string argument; ///< a c10::DeviceType expression
  DeviceKind kind = DeviceKind::Unknown;
  clang::SourceLocation decidedBy; ///< the expression that decided it (invalid: none, or the option)
  std::string why;                 ///< the note, empty when the AutocastDevice option decided
};

/// How the regions' device is chosen: the `AutocastDevice` option (`ampify fix --device`).
enum class DeviceChoice { Program, Cuda, Cpu };

class LoopDevices {
public:
  LoopDevices(clang::ASTContext &ctx, DeviceChoice choice);
  ~LoopDevices();
  LoopDevices(const LoopDevices &) = delete;
  LoopDevices &operator=(const LoopDevices &) = delete;

  /// The device of `it`'s autocast regions, with what decided it. With DeviceChoice::Program: the
  /// program's device expression visible where the region starts, else where it moves its tensors
  /// or model, else CUDA if the TU may reach CUDA at all, else the CPU.
  DeviceDecision decide(const TrainingIteration &it);

private:
  class Impl;
  DeviceChoice choice_;
  std::unique_ptr<Impl> impl_;
};

} // namespace ampify
