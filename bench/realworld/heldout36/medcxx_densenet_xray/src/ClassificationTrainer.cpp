#include "ClassificationTrainer.hpp"

#include <algorithm>
#include <iostream>

namespace med {
namespace trainer {

ClassificationTrainer::ClassificationTrainer(std::shared_ptr<models::BaseModel> model, const common::Config& cfg)
: BaseTrainer(std::move(model), cfg) {
    // Class folders of the synthetic chest X-ray set
    for (const std::string clsName : {"PNEUMONIA", "NORMAL"}) {
        int idx = static_cast<int>(classes.size());
        classes.push_back(clsName);
        classToIdx[clsName] = idx;
    }
    std::sort(classes.begin(), classes.end());
    // Re-build map in sorted order
    classToIdx.clear();
    for (int i = 0; i < (int)classes.size(); ++i) {
        classToIdx[classes[i]] = i;
    }
}

std::vector<std::pair<std::string, int>>
ClassificationTrainer::makeFileLabelList(const std::string& rootDir, size_t perClass) {
    std::vector<std::pair<std::string, int>> out;
    data::ImageLoader lister(rootDir, 0);
    for (auto& cls : classes) {
        int label = classToIdx.at(cls);
        for (auto& f : lister.listClass(cls, perClass)) {
            out.emplace_back(f, label);
        }
    }
    return out;
}

void ClassificationTrainer::train() {
    // Build train list <filename, label>
    auto trainList = makeFileLabelList(cfg.clsTrainDir, 24);

    data::ImageLoader imgLoader(cfg.clsTrainDir, 64);

    torch::optim::Adam optimizer = makeOptimizer();
    model->train();

    size_t totalBatches = trainList.size();
    for (size_t epoch = 1; epoch <= cfg.epochs; ++epoch) {
        double epochLoss = 0.0;
        size_t count = 0;

        for (auto& [fname, label] : trainList) {
            std::string clsName = classes[label];
            std::string fullPath = cfg.clsTrainDir + "/" + clsName + "/" + fname;

            // Preprocess: [1,H,W] float
            auto imgT = imgLoader.process(fullPath);
            // Expand to 3 channels by repeating
            auto img3 = torch::cat({imgT, imgT, imgT}, 0).unsqueeze(0).to(device); // [1,3,H,W]

            // Create target tensor
            torch::Tensor target = torch::tensor(label, torch::kLong).unsqueeze(0).to(device);

            // Forward pass
            auto logits = model->predict(img3);
            auto loss = torch::nn::functional::cross_entropy(logits, target);

            optimizer.zero_grad();
            loss.backward();
            optimizer.step();

            epochLoss += loss.item<double>();
            ++count;

            if (count % 16 == 0) {
                printProgress(count, totalBatches);
                std::cout << "  Epoch " << epoch << "/" << cfg.epochs
                          << ", Batch " << count << "/" << totalBatches
                          << ", AvgLoss=" << (epochLoss / std::max<size_t>(1, count)) << "\n";
            }
        }
        lastLoss = epochLoss / std::max<size_t>(1, count);
    }
}

void ClassificationTrainer::evaluate() {
    if (cfg.clsTestDir.empty()) {
        std::cerr << "[INFO] No test directory provided; skipping classification evaluation.\n";
        return;
    }

    auto testList = makeFileLabelList(cfg.clsTestDir, 8);
    data::ImageLoader imgLoader(cfg.clsTestDir, 64);

    model->eval();
    torch::NoGradGuard no_grad;

    size_t correct = 0, total = 0;
    for (auto& [fname, gtLabel] : testList) {
        std::string clsName = classes[gtLabel];
        std::string fullPath = cfg.clsTestDir + "/" + clsName + "/" + fname;
        auto imgT = imgLoader.process(fullPath);
        auto img3 = torch::cat({imgT, imgT, imgT}, 0).unsqueeze(0).to(device);
        auto logits = model->predict(img3);
        auto pred = logits.argmax(1).item<int>();

        if (pred == gtLabel)
            ++correct;
        ++total;
    }
    if (total > 0) {
        double acc = static_cast<double>(correct) / total;
        std::cout << "Classification accuracy: " << (100.0 * acc) << "% ("
                  << correct << "/" << total << ")\n";
    }
}

} // namespace trainer
} // namespace med
