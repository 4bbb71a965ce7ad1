#include "graph_data.h"

#include "gat_dims.h"

namespace {
constexpr double kIntraEdgeProb = 0.03;
constexpr double kInterEdgeProb = 0.002;
constexpr int64_t kWordsPerNode = 20;
constexpr int64_t kTrainPerClass = 20;
constexpr int64_t kValPerClass = 30;
}  // namespace

CitationGraph make_citation_graph(int64_t nodes_per_class) {
  const int64_t n = nodes_per_class * kNumClasses;
  CitationGraph g;
  g.labels = torch::arange(kNumClasses, torch::kLong).repeat_interleave(nodes_per_class);

  // Edges: dense within a class, sparse across classes.
  auto same = g.labels.unsqueeze(0).eq(g.labels.unsqueeze(1));
  auto prob = torch::where(same, torch::full({n, n}, kIntraEdgeProb), torch::full({n, n}, kInterEdgeProb));
  auto upper = torch::bernoulli(prob).triu(1);
  g.adjacency = (upper + upper.t() + torch::eye(n)).clamp_max(1.0);

  // Features: each class prefers a random fifth of the vocabulary.
  auto topic = torch::rand({kNumClasses, kFeatureDim}).lt(0.2).to(torch::kFloat) * 4.0 + 1.0;
  auto word_prob = topic / topic.sum(1, true);
  auto words = torch::multinomial(word_prob.index_select(0, g.labels), kWordsPerNode, true);
  auto bag = torch::zeros({n, kFeatureDim}).scatter_(1, words, 1.0);
  g.features = bag / (bag.sum(1, true) + 1e-8);

  // Per class: kTrainPerClass training nodes, kValPerClass validation nodes, the rest test.
  std::vector<torch::Tensor> train, val, test;
  for (int64_t c = 0; c < kNumClasses; ++c) {
    auto members = torch::randperm(nodes_per_class, torch::kLong) + c * nodes_per_class;
    train.push_back(members.slice(0, 0, kTrainPerClass));
    val.push_back(members.slice(0, kTrainPerClass, kTrainPerClass + kValPerClass));
    test.push_back(members.slice(0, kTrainPerClass + kValPerClass));
  }
  g.train_idx = torch::cat(train);
  g.val_idx = torch::cat(val);
  g.test_idx = torch::cat(test);
  return g;
}
