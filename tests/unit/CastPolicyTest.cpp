// The generated cast policy tables as the analysis reads them: the table chosen per LibTorch
// version, the device's own list, overloads, the hand list and module kinds.
#include "ampify/CastPolicy.h"

#include <gtest/gtest.h>

namespace ampify {
namespace {

constexpr AutocastDevice CUDA = AutocastDevice::CUDA;
constexpr AutocastDevice CPU = AutocastDevice::CPU;

const CastPolicyTable &table(int major, int minor) { return CastPolicyTable::forVersion({major, minor}); }

TEST(CastPolicyTest, VersionsReadAreTheGeneratedOnes) {
  ASSERT_EQ(CastPolicyTable::versions().size(), 2u);
  EXPECT_EQ(CastPolicyTable::versions()[0].major, 1);
  EXPECT_EQ(CastPolicyTable::versions()[0].minor, 13);
  EXPECT_EQ(CastPolicyTable::versions()[1].major, 2);
  EXPECT_EQ(CastPolicyTable::versions()[1].minor, 6);
}

TEST(CastPolicyTest, NewestNotNewerInTheSameSeries) {
  EXPECT_EQ(table(1, 13).version().minor, 13);
  EXPECT_EQ(table(1, 10).version().minor, 13); // older than any 1.x read: the oldest 1.x
  EXPECT_EQ(table(2, 4).version().minor, 6);   // older than any 2.x read: the oldest 2.x
  EXPECT_EQ(table(2, 6).version().minor, 6);
  EXPECT_EQ(table(2, 11).version().minor, 6);
  EXPECT_EQ(table(3, 0).version().major, 2); // no 3.x read: the newest older one
  EXPECT_EQ(table(0, 4).version().major, 1); // nothing older: the oldest
}

TEST(CastPolicyTest, EachDeviceHasItsOwnList) {
  for (const CastPolicyTable *t : {&table(1, 13), &table(2, 6)}) {
    EXPECT_EQ(t->lookup("mv", CUDA), CastPolicy::LowerPrecision);
    EXPECT_EQ(t->lookup("mv", CPU), CastPolicy::FallThrough);
    EXPECT_EQ(t->lookup("mm", CPU), CastPolicy::LowerPrecision);
    EXPECT_EQ(t->lookup("softmax", CUDA), CastPolicy::Fp32UnlessDtype);
    EXPECT_EQ(t->lookup("softmax", CPU), CastPolicy::FallThrough);
    EXPECT_EQ(t->lookup("layer_norm", CUDA), CastPolicy::Fp32);
    EXPECT_EQ(t->lookup("layer_norm", CPU), CastPolicy::FallThrough);
    EXPECT_EQ(t->lookup("binary_cross_entropy", CUDA), CastPolicy::Banned);
    EXPECT_EQ(t->lookup("binary_cross_entropy", CPU), CastPolicy::Fp32);
    EXPECT_EQ(t->lookup("cat", CPU), CastPolicy::Promote);
    EXPECT_EQ(t->lookup("fft_fft", CPU), CastPolicy::Fp32);
    EXPECT_EQ(t->lookup("fft_fft", CUDA), CastPolicy::FallThrough);
  }
  // CPU autocast changed between the versions: conv_transpose was fp32 in 1.13.
  EXPECT_EQ(table(1, 13).lookup("conv_transpose2d", CPU), CastPolicy::Fp32);
  EXPECT_EQ(table(2, 6).lookup("conv_transpose2d", CPU), CastPolicy::LowerPrecision);
  EXPECT_EQ(table(2, 6).lookup("linalg_vecdot", CUDA), CastPolicy::LowerPrecision);
}

TEST(CastPolicyTest, CompositesTakeThePolicyOfWhatTheyCall) {
  // einsum is registered for CUDA only; on the CPU it runs bmm, which is registered.
  EXPECT_EQ(table(1, 13).lookup("einsum", CPU), CastPolicy::LowerPrecision);
  EXPECT_EQ(table(1, 13).lookup("tensordot", CPU), CastPolicy::LowerPrecision);
  EXPECT_EQ(table(1, 13).lookup("tensordot", CUDA), CastPolicy::Promote);
  EXPECT_EQ(table(2, 6).lookup("cross_entropy_loss", CUDA), CastPolicy::Fp32);
}

TEST(CastPolicyTest, Overloads) {
  const CastPolicyTable &t = table(2, 6);
  EXPECT_EQ(t.lookup("pow", CUDA, llvm::StringRef("Tensor_Scalar")), CastPolicy::Fp32);
  EXPECT_EQ(t.lookup("pow", CUDA), CastPolicy::Fp32); // every registered overload agrees
  // The CPU registers _convolution.deprecated only: the default overload falls through, and a
  // call whose overload is not known gets no answer.
  EXPECT_EQ(t.lookup("_convolution", CPU, llvm::StringRef("deprecated")), CastPolicy::LowerPrecision);
  EXPECT_EQ(t.lookup("_convolution", CPU, llvm::StringRef("")), CastPolicy::FallThrough);
  EXPECT_EQ(t.lookup("_convolution", CPU), std::nullopt);
  // 2.x registers frobenius_norm.dim only.
  EXPECT_EQ(t.lookup("frobenius_norm", CUDA, llvm::StringRef("dim")), CastPolicy::Fp32);
  EXPECT_EQ(t.lookup("frobenius_norm", CUDA), std::nullopt);
  EXPECT_EQ(table(1, 13).lookup("frobenius_norm", CUDA), CastPolicy::Fp32);
  // An overload registered for no device: not autocast.
  EXPECT_EQ(t.lookup("norm", CUDA, llvm::StringRef("ScalarOpt_dtype")), CastPolicy::FallThrough);
}

TEST(CastPolicyTest, HandListAndUnknownOps) {
  const CastPolicyTable &t = table(2, 6);
  EXPECT_EQ(t.lookup("add", CPU), CastPolicy::FallThrough);
  EXPECT_EQ(t.lookup("zeros", CUDA), CastPolicy::Factory);
  EXPECT_EQ(t.lookup("cross_entropy", CPU), CastPolicy::Fp32);
  EXPECT_EQ(t.lookup("argmax", CUDA), std::nullopt);
}

TEST(CastPolicyTest, CudaKernelsWithoutLowPrecisionVersionsAreTheMeasuredOnes) {
  EXPECT_TRUE(CastPolicyTable::cudaKernelLacksLowPrecision("linalg_svd", /*bfloat16=*/false));
  EXPECT_TRUE(CastPolicyTable::cudaKernelLacksLowPrecision("linalg_inv", /*bfloat16=*/true));
  // polar raised for fp16 only; matmul has both kernels.
  EXPECT_TRUE(CastPolicyTable::cudaKernelLacksLowPrecision("polar", /*bfloat16=*/false));
  EXPECT_FALSE(CastPolicyTable::cudaKernelLacksLowPrecision("polar", /*bfloat16=*/true));
  EXPECT_FALSE(CastPolicyTable::cudaKernelLacksLowPrecision("matmul", /*bfloat16=*/false));
}

TEST(CastPolicyTest, ModulesFollowTheirOpOnEachDevice) {
  const CastPolicyTable &t = table(1, 13);
  EXPECT_EQ(t.lookupModule("Linear", CPU), CastPolicy::LowerPrecision);
  EXPECT_EQ(t.lookupModule("LayerNorm", CUDA), CastPolicy::Fp32);
  EXPECT_EQ(t.lookupModule("LayerNorm", CPU), CastPolicy::FallThrough);
  EXPECT_EQ(t.lookupModule("BCELoss", CUDA), CastPolicy::Banned);
  EXPECT_EQ(t.lookupModule("BCELoss", CPU), CastPolicy::Fp32);
  EXPECT_EQ(t.lookupModule("LSTM", CUDA), CastPolicy::LowerPrecision);
  EXPECT_EQ(t.lookupModule("LSTM", CPU), std::nullopt);
  EXPECT_EQ(t.lookupModule("ReLU", CPU), CastPolicy::FallThrough);
  EXPECT_EQ(t.lookupModule("Sequential", CUDA), std::nullopt);
}

} // namespace
} // namespace ampify
