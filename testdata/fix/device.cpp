// AMPIFY: fix
// The autocast device comes from the program (--device=auto, the default): the device expression
// its tensors and model are moved to, followed through torch::Device variables, the values the
// program assigns to them and `torch::cuda::is_available() ? kCUDA : kCPU` ternaries. The note says
// which expression decided. A device that is the CPU gives a bf16 region and no GradScaler; one
// decided at run time keeps the expression (fp16 with a GradScaler on CUDA, bf16 on the CPU).
#include <torch/torch.h>

struct NetImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

void ternary(Net &model, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  model->to(device);
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto loss = torch::mse_loss(model(x.to(device)), y.to(device));
    loss.backward();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: training loop migrated to mixed precision: forward pass under ampify::Autocast (fp16 on CUDA; bf16 on the CPU only when run with AMPIFY_CPU_AUTOCAST=1), loss scaled by ampify::GradScaler [ampify-fix]
    // CHECK-MESSAGES: :[[@LINE-6]]:13: note: autocast device from the program's `device`, which is CUDA or the CPU, decided at run time: autocast on that device (fp16 on CUDA, bf16 on the CPU)
    opt.step();
  }
}
// The scaler follows the region: on the CPU it is off too unless the run asks for CPU autocast.
// CHECK-FIXES: {{^}}  ampify::GradScaler scaler(ampify::GradScalerOptions().cpu_on_request(true));{{$}}
// CHECK-FIXES: {{^}}    ampify::Autocast autocast(ampify::AutocastOptions(device.type()).cpu_on_request(true));{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = torch::mse_loss(model(x.to(device)), y.to(device));{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.scale(loss).backward();{{$}}

void assigned_in_branches(Net &model, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
  torch::DeviceType device_type;
  if (torch::cuda::is_available())
    device_type = torch::kCUDA;
  else
    device_type = torch::kCPU;
  torch::Device device(device_type);
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto loss = torch::mse_loss(model(x.to(device)), y.to(device));
    loss.backward();
    // CHECK-MESSAGES: :[[@LINE-2]]:44: note: autocast device from the program's `device`, which is CUDA or the CPU, decided at run time{{.*}}
    opt.step();
  }
}
// CHECK-FIXES: {{^}}  torch::Device device(device_type);{{$}}
// CHECK-FIXES: {{^}}    ampify::Autocast autocast(ampify::AutocastOptions(device.type()).cpu_on_request(true));{{$}}

void cpu_variable(Net &model, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
  torch::Device device(torch::kCPU);
  model->to(device);
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto loss = torch::mse_loss(model(x.to(device)), y.to(device));
    loss.backward();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: training loop migrated to mixed precision: forward pass under ampify::Autocast (bf16 on the CPU only when run with AMPIFY_CPU_AUTOCAST=1) [ampify-fix]
    // CHECK-MESSAGES: :[[@LINE-6]]:13: note: autocast device from the program's `device`, which is the CPU: autocast on the CPU (bf16, no loss scaling)
    opt.step();
  }
}
// CHECK-FIXES: {{^}}    ampify::Autocast autocast(ampify::AutocastOptions(device.type()).dtype(at::kBFloat16).cpu_on_request(true));{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = torch::mse_loss(model(x.to(device)), y.to(device));{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}    loss.backward();{{$}}
// CHECK-FIXES-NEXT: {{^}}    //{{$}}
// CHECK-FIXES-NEXT: {{^}}    //{{$}}
// CHECK-FIXES-NEXT: {{^}}    opt.step();{{$}}

void cuda_string(Net &model, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
  torch::Device device("cuda:0");
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto loss = torch::mse_loss(model(x.to(device)), y.to(device));
    loss.backward();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: training loop migrated to mixed precision: forward pass under ampify::Autocast (fp16), loss scaled by ampify::GradScaler [ampify-fix]
    // CHECK-MESSAGES: :[[@LINE-3]]:44: note: autocast device from the program's `device`, which is CUDA: autocast on CUDA
    opt.step();
  }
}
// CHECK-FIXES: {{^}}  torch::Device device("cuda:0");{{$}}
// CHECK-FIXES-NEXT: {{^}}  ampify::GradScaler scaler;{{$}}
// CHECK-FIXES: {{^}}    ampify::Autocast autocast(device.type());{{$}}

void cpu_constant(Net &model, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto loss = torch::mse_loss(model(x.to(torch::Device(torch::kCPU))), y);
    loss.backward();
    // CHECK-MESSAGES: :[[@LINE-2]]:44: note: autocast on the CPU (bf16, no loss scaling): the program moves its tensors or model to the CPU here, and never to CUDA in this function
    opt.step();
  }
}
// CHECK-FIXES: {{^}}    ampify::Autocast autocast(ampify::AutocastOptions(c10::kCPU).dtype(at::kBFloat16).cpu_on_request(true));{{$}}

void cuda_constant(Net &model, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
  model->to(torch::kCUDA);
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto loss = torch::mse_loss(model(x.cuda()), y.cuda());
    loss.backward();
    // CHECK-MESSAGES: :[[@LINE-5]]:13: note: autocast on CUDA: the program moves its tensors or model to CUDA here
    opt.step();
  }
}
// CHECK-FIXES: {{^}}    ampify::Autocast autocast(c10::kCUDA);{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = torch::mse_loss(model(x.cuda()), y.cuda());{{$}}

void nothing_visible(Net &model, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto loss = torch::mse_loss(model(x), y);
    loss.backward();
    opt.step();
  }
}
// The program reaches CUDA in ternary() (the first CUDA use of the translation unit decides).
// CHECK-MESSAGES: :16:24: note: autocast on CUDA: no device expression of the program is visible where the region starts, and the program may reach CUDA here
// CHECK-FIXES: {{^}}    ampify::Autocast autocast(c10::kCUDA);{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = torch::mse_loss(model(x), y);{{$}}

// The device as a string member of the trainer ("cuda" when available, set in another file),
// turned into a torch::Device at each move: decided at run time, through the same expression.
struct Trainer {
  std::string device_name;
  Net model;
  void fit(torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
    for (int i = 0; i < 10; ++i) {
      opt.zero_grad();
      auto loss = torch::mse_loss(model(x.to(torch::Device(this->device_name))), y.to(torch::Device(device_name)));
      loss.backward();
      // CHECK-MESSAGES: :[[@LINE-1]]:7: note: training loop migrated to mixed precision: forward pass under ampify::Autocast (fp16 on CUDA; bf16 on the CPU only when run with AMPIFY_CPU_AUTOCAST=1), loss scaled by ampify::GradScaler [ampify-fix]
      // CHECK-MESSAGES: :[[@LINE-3]]:46: note: autocast device from the program's `torch::Device(this->device_name)`, decided at run time: autocast on that device (fp16 on CUDA, bf16 on the CPU)
      opt.step();
    }
  }
};
// CHECK-FIXES: {{^}}      ampify::Autocast autocast(ampify::AutocastOptions(torch::Device(this->device_name).type()).cpu_on_request(true));{{$}}

// The device only in tensor options (`torch::TensorOptions().device(device)`, `torch::device(...)`,
// as `torch::from_blob` and the factories take them): a DeviceType member that the constructor
// sets from its parameter, so decided at run time. Before, no device expression was seen and
// the region was written for CUDA, which a program whose agent stays on the CPU never uses.
struct SoftActorCritic {
  torch::DeviceType device;
  Net critic;
  explicit SoftActorCritic(Net net, torch::DeviceType device = torch::kCPU) : critic(net) { this->device = device; }
  void update(torch::optim::SGD &opt, int batch) {
    auto options = torch::TensorOptions().dtype(torch::kFloat).device(device);
    auto states = torch::randn({batch, 4}, options);
    auto targets = torch::zeros({batch, 4}, torch::device(device));
    opt.zero_grad();
    auto loss = torch::mse_loss(critic(states), targets);
    loss.backward();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: training loop migrated to mixed precision: forward pass under ampify::Autocast (fp16 on CUDA; bf16 on the CPU only when run with AMPIFY_CPU_AUTOCAST=1), loss scaled by ampify::GradScaler [ampify-fix]
    // CHECK-MESSAGES: :[[@LINE-7]]:71: note: autocast device from the program's `device`, decided at run time: autocast on that device (fp16 on CUDA, bf16 on the CPU)
    opt.step();
  }
};
// CHECK-FIXES: {{^}}    ampify::Autocast autocast(ampify::AutocastOptions(device).cpu_on_request(true));{{$}}

// A buffer created on the CPU on purpose (a replay memory) and moved to the program's device: the
// move decides, not the creation.
void replay_on_cpu(Net &model, torch::optim::SGD &opt, torch::Device device) {
  torch::Device cpu(torch::kCPU);
  for (int i = 0; i < 10; ++i) {
    auto memory = torch::zeros({8, 4}, torch::device(cpu));
    opt.zero_grad();
    auto loss = torch::mse_loss(model(memory.to(device)), memory.to(device));
    loss.backward();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: training loop migrated to mixed precision: forward pass under ampify::Autocast (fp16 on CUDA; bf16 on the CPU only when run with AMPIFY_CPU_AUTOCAST=1), loss scaled by ampify::GradScaler [ampify-fix]
    // CHECK-MESSAGES: :[[@LINE-3]]:49: note: autocast device from the program's `device`, decided at run time: autocast on that device (fp16 on CUDA, bf16 on the CPU)
    opt.step();
  }
}
// CHECK-FIXES: {{^}}    ampify::Autocast autocast(ampify::AutocastOptions(device.type()).cpu_on_request(true));{{$}}

// The device through a shared pointer that the caller (another file) made from an is_available()
// ternary: decided at run time, named through the pointer.
void through_pointer(Net &model, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y,
                     std::shared_ptr<torch::Device> device) {
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto loss = torch::mse_loss(model(x.to(*device)), y.to(*device));
    loss.backward();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: training loop migrated to mixed precision: forward pass under ampify::Autocast (fp16 on CUDA; bf16 on the CPU only when run with AMPIFY_CPU_AUTOCAST=1), loss scaled by ampify::GradScaler [ampify-fix]
    // CHECK-MESSAGES: :[[@LINE-3]]:44: note: autocast device from the program's `*device`, decided at run time: autocast on that device (fp16 on CUDA, bf16 on the CPU)
    opt.step();
  }
}
// CHECK-FIXES: {{^}}    ampify::Autocast autocast(ampify::AutocastOptions(device->type()).cpu_on_request(true));{{$}}

// The device through a getter of the model that another file defines (`usedDevice = kCUDA` when
// available, in its constructor): decided at run time, called again where the region starts.
struct GetterNetImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::Device getUsedDevice();
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(GetterNet);

void through_getter(GetterNet &model, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto loss = torch::mse_loss(model(x.to(model->getUsedDevice())), y.to(model->getUsedDevice()));
    loss.backward();
    // CHECK-MESSAGES: :[[@LINE-2]]:44: note: autocast device from the program's `model->getUsedDevice()`, decided at run time: autocast on that device (fp16 on CUDA, bf16 on the CPU)
    opt.step();
  }
}
// CHECK-FIXES: {{^}}    ampify::Autocast autocast(ampify::AutocastOptions(model->getUsedDevice().type()).cpu_on_request(true));{{$}}

// A getter this file defines, of a CPU device, and a tensor's own device(): what they return.
struct Holder {
  torch::Device device_{torch::kCPU};
  torch::Device device() const { return device_; }
};

void through_defined_getter(Holder &holder, Net &model, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto loss = torch::mse_loss(model(x.to(holder.device())), y.to(x.device()));
    loss.backward();
    // CHECK-MESSAGES: :[[@LINE-2]]:44: note: autocast device from the program's `holder.device()`, which is the CPU: autocast on the CPU (bf16, no loss scaling)
    opt.step();
  }
}
// CHECK-FIXES: {{^}}    ampify::Autocast autocast(ampify::AutocastOptions(holder.device().type()).dtype(at::kBFloat16).cpu_on_request(true));{{$}}

// A class template's method that reads the device through the model, a template parameter:
// the explicit instantiation resolves the call (an actor-critic trainer's shape).
template <class M>
struct Agent {
  M model;
  torch::Tensor values;
  void backPropagate(torch::optim::Adam *opti, torch::Tensor x);
};

template <class M>
void Agent<M>::backPropagate(torch::optim::Adam *opti, torch::Tensor x) {
  torch::Tensor returns = values.to(model->getUsedDevice());
  torch::Tensor loss = (model(x) - returns).pow(2).mean();
  opti->zero_grad();
  loss.backward();
  // CHECK-MESSAGES: :[[@LINE-4]]:37: note: autocast device from the program's `model->getUsedDevice()`, decided at run time: autocast on that device (fp16 on CUDA, bf16 on the CPU)
  opti->step();
}
// CHECK-FIXES: {{^}}  ampify::Autocast autocast(ampify::AutocastOptions(model->getUsedDevice().type()).cpu_on_request(true));{{$}}
// CHECK-FIXES-NEXT: {{^}}  torch::Tensor returns = values.to(model->getUsedDevice());{{$}}

template struct Agent<GetterNet>;

// A tensor's device() where the loop moves that tensor by assignment: where the region starts,
// its device may still be the CPU, so it does not decide; the constant device does.
void moved_tensor(Net &model, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
  model->to(torch::kCUDA);
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    x = x.cuda();
    auto loss = torch::mse_loss(model(x), y.to(x.device()));
    loss.backward();
    // CHECK-MESSAGES: :[[@LINE-6]]:13: note: autocast on CUDA: the program moves its tensors or model to CUDA here
    opt.step();
  }
}
// CHECK-FIXES: {{^}}    ampify::Autocast autocast(c10::kCUDA);{{$}}
// CHECK-FIXES-NEXT: {{^}}    x = x.cuda();{{$}}
