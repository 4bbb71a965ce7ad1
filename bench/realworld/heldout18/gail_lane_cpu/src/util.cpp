#include "util.h"

#include <map>
#include <mutex>

namespace {
std::mutex g_ckpt_mutex;
std::map<std::string, std::string> g_checkpoints;
}

void save_model(const std::shared_ptr<torch::nn::Module>& model, const std::string& name, int count) {
    std::ostringstream out;
    torch::serialize::OutputArchive archive;
    model->save(archive);
    archive.save_to(out);
    std::lock_guard<std::mutex> lock(g_ckpt_mutex);
    g_checkpoints[name + "_" + std::to_string(count)] = out.str();
}

size_t checkpoint_count() {
    std::lock_guard<std::mutex> lock(g_ckpt_mutex);
    return g_checkpoints.size();
}
