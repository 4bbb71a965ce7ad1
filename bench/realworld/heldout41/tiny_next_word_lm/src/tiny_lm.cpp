#include "tiny_lm.h"

torch::Tensor TinyLanguageModel::forward(torch::Tensor x)
{
    auto embeddings = embedding(x);
    auto lstm_out = std::get<0>(lstm(embeddings));
    auto output = fc(lstm_out.select(1, lstm_out.size(1) - 1)); // Use the last output of the LSTM
    return output;
}
