#include "lstm.h"
#include "struc.h"
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <iomanip>

/*
 * tensor[batch_n][days in one window][input_size]
 */

void df_to_tensors(const dataframe &df,
                   const std::vector<stockrow_b>::size_type buffer,
                   const std::vector<stockrow_b>::size_type batch_n,
                   const std::vector<stockrow_b>::size_type gap,
                   const std::vector<stockrow_b>::size_type target,
                   torch::Tensor &inputx,
                   torch::Tensor &inputy)
{
	std::vector<stockrow_b>::size_type ii {};
	const float base {df.sr.front().close};
	(void)target;

	for (size_t i {}; i < batch_n; ++i) {
		for (size_t t {}; t < buffer; ++t) {
			inputx[i][t][0] = df.sr[ii + 1].close / base;
			inputx[i][t][1] = df.sr_dif[ii].close / base;
			inputx[i][t][2] = df.sr_per[ii].close;
			inputx[i][t][3] = df.sr_log[ii].close;
			inputx[i][t][4] = static_cast<float>(df.sr_up[ii].close);
			++ii;
		}
		ii += gap;
		inputy[i] = df.sr[ii + 1].close / base;
		ii -= buffer + gap - 1;
	}

	return;
}

void df_to_tensors(const dataframe &df,
                   const std::vector<stockrow_b>::size_type buffer,
                   const std::vector<stockrow_b>::size_type batch_n,
                   const std::vector<stockrow_b>::size_type gap,
                   const std::vector<stockrow_b>::size_type target,
                   const dataframe &dfs0,
                   const dataframe &dfs1,
                   const dataframe &dfs2,
                   torch::Tensor &inputx,
                   torch::Tensor &inputy)
{
	std::vector<stockrow_b>::size_type ii {};
	const float base {df.sr.front().close};
	const float sector_base {dfs0.sr.front().close * dfs1.sr.front().close * dfs2.sr.front().close};
	(void)target;

	for (size_t i {}; i < batch_n; ++i) {
		for (size_t t {}; t < buffer; ++t) {
			inputx[i][t][0] = df.sr[ii + 1].close / base;
			inputx[i][t][1] = df.sr_dif[ii].close / base;
			inputx[i][t][2] = df.sr_per[ii].close;
			inputx[i][t][3] = df.sr_log[ii].close;
			inputx[i][t][4] = static_cast<float>(df.sr_up[ii].close);
			inputx[i][t][5] = static_cast<float>(df.sr_up[ii].date.month) / 12.f;
			inputx[i][t][6] = dfs0.sr[ii + 1].close *
			                  dfs1.sr[ii + 1].close *
			                  dfs2.sr[ii + 1].close / sector_base;
			++ii;
		}
		ii += gap;
		inputy[i] = df.sr[ii + 1].close / base;
		ii -= buffer + gap - 1;
	}

	return;
}

static double naive_mse(const torch::Tensor &inputx, const torch::Tensor &inputy)
{
	// tomorrow's close = the window's last close
	auto last = inputx.index({torch::indexing::Slice(), -1, 0});
	return torch::mse_loss(last, inputy).item<double>();
}

lstm_result run_lstm(const dataframe &df,
                     const dataframe &df_test,
                     const std::vector<stockrow_b>::size_type buffer,
                     const std::vector<stockrow_b>::size_type gap,
                     const std::vector<stockrow_b>::size_type target,
                     const int64_t hidden_size,
                     const int64_t epochs)
{
	if (df.sr_up.size() < buffer + gap + target + 2) {
		std::cout << "Too few days to train LSTM.\n At least "
		          << buffer + gap + target + 2
		          << " days are needed\n";
		return {};
	}
	std::vector<stockrow_b>::size_type batch_n {df.sr_up.size() - buffer - gap - 2};
	std::vector<stockrow_b>::size_type batch_test {df_test.sr_up.size() - buffer - gap - 2};
	torch::Tensor inputx {torch::empty({static_cast<long>(batch_n),
	                                    static_cast<long>(buffer),
	                                    5})};
	torch::Tensor inputy {torch::empty({static_cast<long>(batch_n)})};
	torch::Tensor inputx_test {torch::empty({static_cast<long>(batch_test),
	                                        static_cast<long>(buffer),
	                                        5})};
	torch::Tensor inputy_test {torch::empty({static_cast<long>(batch_test)})};
	torch::Tensor output;
	torch::Tensor loss;

	df_to_tensors(df, buffer, batch_n, gap, target, inputx, inputy);
	df_to_tensors(df_test, buffer, batch_test, gap, target, inputx_test, inputy_test);
	std::cout << "inputx:      " << inputx.sizes()
	          << "\ninputy:      " << inputy.sizes()
	          << "\ninputx_test: " << inputx_test.sizes()
	          << "\ninputy_test: " << inputy_test.sizes() << '\n';
	lstmmodel model(5, hidden_size, 1, 1);
	torch::optim::Adam optimizer(
		model.parameters(),
		torch::optim::AdamOptions(0.005)
	);
	// TRAIN
	for (int64_t i {}; i < epochs; ++i) {
		model.train();
		output = model.forward(inputx);
		loss = torch::mse_loss(output, inputy);
		if (i % 50 == 0)
			std::cout << std::setw(4) << i << ": " << loss.item<float>() << '\n';
		optimizer.zero_grad();
		loss.backward();
		optimizer.step();
	}
	model.eval();
	torch::NoGradGuard no_grad;
	const double test_mse {torch::mse_loss(model.forward(inputx_test), inputy_test).item<double>()};
	std::cout << "The last MSE was:\n" << loss.item<float>()
	          << "\nThe test MSE is:\n" << test_mse << '\n';

	return {loss.item<double>(), test_mse, naive_mse(inputx_test, inputy_test)};
}

lstm_result run_lstm(const dataframe &df,
                     const dataframe &df_test,
                     const std::vector<stockrow_b>::size_type buffer,
                     const std::vector<stockrow_b>::size_type gap,
                     const std::vector<stockrow_b>::size_type target,
                     const int64_t hidden_size,
                     const int64_t epochs,
                     const dataframe &dfs0,
                     const dataframe &dfs1,
                     const dataframe &dfs2)
{
	if (df.sr_up.size() < buffer + gap + target + 2) {
		std::cout << "Too few days to train LSTM.\n";
		return {};
	}
	if (dfs0.sr_up.size() < df.sr_up.size()
	    || dfs1.sr_up.size() < df.sr_up.size()
	    || dfs2.sr_up.size() < df.sr_up.size()) {
		std::cout << "Sector database cannot be smaller than input database.\n";
		return {};
	}
	std::vector<stockrow_b>::size_type batch_n {df.sr_up.size() - buffer - gap - 2};
	std::vector<stockrow_b>::size_type batch_test {df_test.sr_up.size() - buffer - gap - 2};
	torch::Tensor inputx {torch::empty({static_cast<long>(batch_n),
	                                    static_cast<long>(buffer),
	                                    7})};
	torch::Tensor inputy {torch::empty({static_cast<long>(batch_n)})};
	torch::Tensor inputx_test {torch::empty({static_cast<long>(batch_test),
	                                        static_cast<long>(buffer),
	                                        7})};
	torch::Tensor inputy_test {torch::empty({static_cast<long>(batch_test)})};
	torch::Tensor output;
	torch::Tensor loss;

	df_to_tensors(df, buffer, batch_n, gap, target, dfs0, dfs1, dfs2, inputx, inputy);
	df_to_tensors(df_test, buffer, batch_test, gap, target, dfs0, dfs1, dfs2,
	              inputx_test, inputy_test);
	lstmmodel model(7, hidden_size, 1, 1);
	torch::optim::Adam optimizer(
		model.parameters(),
		torch::optim::AdamOptions(0.005)
	);
	// TRAIN
	for (int64_t i {}; i < epochs; ++i) {
		model.train();
		output = model.forward(inputx);
		loss = torch::mse_loss(output, inputy);
		if (i % 50 == 0)
			std::cout << std::setw(4) << i << ": " << loss.item<float>() << '\n';
		optimizer.zero_grad();
		loss.backward();
		optimizer.step();
	}
	model.eval();
	torch::NoGradGuard no_grad;
	const double test_mse {torch::mse_loss(model.forward(inputx_test), inputy_test).item<double>()};
	std::cout << "The last MSE was:\n" << loss.item<float>()
	          << "\nThe test MSE is:\n" << test_mse << '\n';

	return {loss.item<double>(), test_mse, naive_mse(inputx_test, inputy_test)};
}
