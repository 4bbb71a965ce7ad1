#pragma once

#include <cstdint>

// Builder-style options: members are set through with_*() calls, not through a constructor.
class TowerOptions {
 public:
  TowerOptions &with_hidden(int64_t hidden) {
    hidden_ = hidden;
    return *this;
  }
  TowerOptions &with_dropout(double p) {
    dropout_ = p;
    return *this;
  }
  int64_t hidden() const { return hidden_; }
  double dropout() const { return dropout_; }

 private:
  int64_t hidden_ = 128;
  double dropout_ = 0.0;
};

class EsmmOptions {
 public:
  EsmmOptions &with_embed_dim(int64_t dim) {
    embed_dim_ = dim;
    return *this;
  }
  int64_t embed_dim() const { return embed_dim_; }

 private:
  int64_t embed_dim_ = 16;
};
