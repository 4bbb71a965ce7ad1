// Knowledge of LibTorch's C++ API shapes that several rules share: what a tensor is, which
// module a holder wraps, which function a call reaches. Names are matched as LibTorch declares
// them (e.g. torch::binary_cross_entropy is really at::binary_cross_entropy), which is what the
// real-header test tier checks.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Type.h"

#include <optional>
#include <string>
#include <vector>

namespace ampify {

/// at::Tensor (torch::Tensor and torch::autograd::Variable are aliases of it), by value,
/// reference or const.
bool isTensorType(clang::QualType type);

/// A std::vector of tensors (by value, reference or const): `const std::vector<torch::Tensor> &preds`.
bool isTensorVector(clang::QualType type);

/// A parameter through which a caller of another TU can pass fp16 tensors: a tensor, or a vector
/// of them (the parameter is then "fp16" when its elements are).
inline bool passesTensors(clang::QualType type) { return isTensorType(type) || isTensorVector(type); }

/// For torch::nn::Linear (a ModuleHolder<LinearImpl>), LinearImpl itself, or a (shared) pointer
/// to either: "Linear". Empty if `type` is not a torch::nn module.
std::string moduleKind(clang::QualType type);

/// For a call of a LibTorch module's forward (`mha(q, k, v, mask)`, `mha->forward(q, k, v, mask)`
/// on a torch::nn::MultiheadAttention, a Transformer layer...): the name of the key padding mask
/// parameter (`key_padding_mask`, `src_key_padding_mask`...) that the call gives a tensor, not
/// `{}` or `torch::Tensor()`. Empty when it gives none.
std::string givenKeyPaddingMask(const clang::CallExpr *call, clang::QualType moduleType);

/// The fully qualified name of the function a call reaches, e.g. "at::sigmoid" or
/// "at::Tensor::sigmoid"; empty for calls through pointers.
std::string calleeName(const clang::CallExpr *call);

/// The source text of `tokenRange` as written (macro ranges give what the spelling shows).
std::string sourceText(clang::SourceRange tokenRange, const clang::ASTContext &ctx);

/// Strips implicit casts, temporaries, parentheses, copy/move constructions of tensors and the braces
/// of a direct-list-initialisation (`T x{e}` of a scalar or of e's own type).
const clang::Expr *stripWrappers(const clang::Expr *e);

/// The tensor `e` shares its storage with, if any: the variable or member that a chain of tensor
/// methods (`view`, `select`, `[i]`...) starts from. Null for a fresh result (a module's or
/// function's output, an arithmetic result such as `log_var.mul(0.5)`), and for a temporary no one
/// else can see.
const clang::ValueDecl *storageOwner(const clang::Expr *e);

/// Whether `e` can be written twice in a fix (no side effects): a variable, a member (of `this` or
/// of such an expression), an element at a constant or variable index.
bool repeatable(const clang::Expr *e);

/// The container template `type` instantiates, for the value flow through aggregates: "pair",
/// "tuple", "vector", "optional" (std::), "optional", "ArrayRef" (c10::, TensorList); else empty.
std::string containerKind(clang::QualType type);

/// If `e` is `torch::sigmoid(z)` or `z.sigmoid()`, returns z.
const clang::Expr *sigmoidOperand(const clang::Expr *e);

/// The constructor of `record` that a forwarding construction with `args` reaches
/// (std::make_shared<T>(args...), a module holder's variadic constructor): the one constructor
/// that fits the argument count and the first argument's kind (integer or not); null when none
/// or several do.
const clang::CXXConstructorDecl *forwardedConstructor(const clang::CXXRecordDecl *record,
                                                      llvm::ArrayRef<const clang::Expr *> args);

/// For `torch::nn::Linear(784, 100)`, ModuleHolder<LinearImpl>'s variadic constructor (also
/// through the constructor TORCH_MODULE's class inherits): the LinearImpl constructor its
/// arguments reach; for `Net net;`, ModuleHolder's default constructor: NetImpl's constructor
/// that takes no arguments. Null for other constructions.
const clang::CXXConstructorDecl *moduleHolderTarget(const clang::CXXConstructExpr *construct);

/// For `std::make_shared<NetImpl>(3, 100)` (also std::make_unique, and `std::make_shared<Net>`
/// of a TORCH_MODULE holder): the NetImpl constructor its arguments reach (forwardedConstructor).
/// Null for other calls.
const clang::CXXConstructorDecl *madeObjectConstructor(const clang::CallExpr *call);

/// Counts the arguments written in the source (default arguments do not count).
unsigned writtenArgCount(const clang::CallExpr *call);

/// Whether `s` or any expression inside it names one of `vars`.
bool referencesAny(const clang::Stmt *s, llvm::ArrayRef<const clang::VarDecl *> vars);

/// Whether `s` is in the body of a lambda passed to `ampify::run_in_fp32`, which runs it with
/// autocast disabled (and its tensor arguments cast to fp32), wherever the lambda is written.
bool insideRunInFp32(const clang::Stmt *s, clang::ASTContext &ctx);

/// One source edit: `text` replaces `range` (an empty range inserts).
struct SourceEdit {
  clang::CharSourceRange range;
  std::string text;
};

/// How `binary_cross_entropy(torch::sigmoid(z), t, ...)` (at:: or torch::nn::functional::)
/// becomes `binary_cross_entropy_with_logits(z, t, ...)`, which autocast runs in fp32 where it
/// refuses the former. `edits` is empty when it cannot be done; `whyNot` (at `whyNotLoc`) then
/// says what the user has to change.
struct LogitsRewrite {
  std::vector<SourceEdit> edits;
  clang::SourceLocation whyNotLoc;
  std::string whyNot;
};
LogitsRewrite logitsRewrite(const clang::CallExpr *call, clang::ASTContext &ctx);

/// `call` run by ampify::run_in_fp32: autocast off, its floating tensor arguments cast to fp32
/// (`criterion(out, y)` -> `ampify::run_in_fp32([&](auto &&...ampify_args) { return
/// criterion(ampify_args...); }, out, y)`). None when the call cannot be rewritten (a macro). The
/// file needs `<ampify/amp.h>`.
std::optional<SourceEdit> runInFp32(const clang::CallExpr *call, clang::ASTContext &ctx);

/// The module object and first input of a forward call written `model->forward(x)`,
/// `model.forward(x)` or `model(x)` (a holder's operator()); the input is null without arguments.
/// Both null for other calls. (Whether the object is a module is the caller's to check.)
struct ForwardCall {
  const clang::Expr *object = nullptr;
  const clang::Expr *input = nullptr;
};
ForwardCall forwardCallOf(const clang::CallExpr *call);

/// Whether `s` runs a module's forward pass (`model->forward(x)`, `model(x)`, `model.forward(x)`
/// on a module class, a TORCH_MODULE holder or a shared_ptr to one), also inside the functions of
/// the TU it calls, `depth` calls deep; a method that another file defines, of a module or of a
/// class holding one as a data member (`env->step()` of an environment holding the policy), counts
/// as running it.
bool runsModule(const clang::Stmt *s, unsigned depth);

/// A statement that starts a thread: `std::thread t(worker, ...)`, `std::jthread`,
/// `threads.emplace_back(worker, ...)` on a container of std::thread, or `std::async(worker, ...)`.
struct ThreadStart {
  /// What the thread runs, when `worker` is a lambda, a variable initialised with one, or a
  /// function this TU defines; null for a function that another file defines.
  const clang::Stmt *body = nullptr;
};
/// The thread that `s` starts; nothing when `s` starts none.
std::optional<ThreadStart> threadStart(const clang::Stmt *s);

/// channels_last for a conv net: the edits that store the model's weights (once per function)
/// and the input of one forward call in channels_last (NHWC) order.
struct ChannelsLastPlan {
  /// The module (variable or field) whose forward runs; null when `forward` does not run a conv
  /// net on a tensor, or the plan does not apply (see channelsLastPlan).
  const clang::ValueDecl *model = nullptr;
  /// A method of the conv net, or a function its code calls, that another file defines: whether
  /// it views an activation (which fails in channels_last) is unknown, so nothing is converted.
  const clang::FunctionDecl *unseen = nullptr;
  /// `ampify::to_channels_last(*model);` inserted after the model's `to(device)` statement in the
  /// same function; empty when that function has no such statement (the input edit still helps
  /// only together with a converted model, so callers report it without a fix then).
  std::vector<SourceEdit> modelEdits;
  /// `.contiguous(torch::MemoryFormat::ChannelsLast)` on the forward call's first argument.
  std::vector<SourceEdit> inputEdits;
};

/// For `model->forward(x)`, `model(x)` or `model.forward(x)` in `function`, where the module's
/// class (a TORCH_MODULE holder, a shared_ptr, or the class itself) has a torch::nn::Conv2d
/// among its fields or its submodule fields' fields (3 levels): the channels_last edits. No plan
/// (null model) when the module or its submodules call Tensor::view (it raises on a
/// channels_last tensor that is not contiguous) or when a method of theirs, or a function their
/// code calls, is defined in another file (`unseen`), when `function` already mentions
/// MemoryFormat::ChannelsLast or to_channels_last, or when the call is in a macro.
ChannelsLastPlan channelsLastPlan(const clang::CallExpr *forward, const clang::FunctionDecl *function,
                                  clang::ASTContext &ctx);

} // namespace ampify
