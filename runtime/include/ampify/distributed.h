// ampify runtime: data-parallel training with LibTorch's c10d process groups.
//
//   auto group = c10::make_intrusive<c10d::ProcessGroupNCCL>(store, rank, world_size);
//   ampify::GradScaler scaler(ampify::GradScalerOptions().found_inf_reducer(
//       ampify::all_reduce_found_inf(group)));
//
// Include it only where LibTorch was built with distributed support (its c10d headers exist);
// <ampify/amp.h> does not include it, so the runtime itself never depends on c10d.
#pragma once

#include <ampify/grad_scaler.h>

#include <torch/csrc/distributed/c10d/ProcessGroup.hpp>

#include <vector>

namespace ampify {

/// A FoundInfReducer that all-reduces (SUM) found_inf over `group`: every rank then sees an
/// inf that any rank found, so all skip the same steps and keep the same scale. `Group` is a
/// c10d::ProcessGroup or, from LibTorch 2.x on, a c10d::Backend such as ProcessGroupNCCL (which
/// no longer derives from ProcessGroup); both have allreduce(std::vector<at::Tensor>&).
template <typename Group>
FoundInfReducer all_reduce_found_inf(c10::intrusive_ptr<Group> group) {
  return [group = std::move(group)](at::Tensor& found_inf) {
    std::vector<at::Tensor> tensors{found_inf};
    group->allreduce(tensors)->wait();
  };
}

}  // namespace ampify
