#include "config.h"

// {"sample_rate":24000,"fft_size":1024,"mel_bins":32,"hop_length":480,"target_res":0.1,
//  "batch_size":16,"se_count":13,"track_count":3,"epochs":7,"warmup_epochs":1,
//  "batch_amount":25,"channels":5,"time_window":50,"patch_size":8,"patch_overlap":0,
//  "enc_layers":2,"att_headers":4,"embed_dim":64,"learning_rate":0.002,"dropout":0.1,
//  "weight_decay":0.01,"validation_threshold":0.5}
void load_config(SystemConfig& config) {
	// 1. Controllable parameters
	config.sample_rate = 24000;
	config.fft_size = 1024;
	config.mel_bins = 32;
	config.hop_length = 480;
	config.target_res = 0.1;
	config.batch_size = 16;
	config.se_count = 13;
	config.track_count = 3;

	// 2. Training/Model parameters
	config.epochs = 7;
	config.warmup_epochs = 1;
	config.batch_amount = 25;
	config.channels = 5;
	config.time_window = 50;
	config.patch_size = 8;
	config.patch_overlap = 0;
	config.enc_layers = 2;
	config.att_headers = 4;
	config.embed_dim = 64;
	config.learning_rate = 2e-3F;
	config.dropout = 0.1F;
	config.weight_decay = 0.01F;
	config.validation_threshold = 0.5F;

	// 3. Calculated sequence variables
	config.conv_stride = config.patch_size - config.patch_overlap;
	// label frames: one per target_res seconds of the window (hop 20 ms -> 5 frames per label)
	config.t_prime = static_cast<int64_t>(config.time_window * (static_cast<double>(config.hop_length) / config.sample_rate) / config.target_res + 0.5);
	config.n_t = (config.time_window - config.patch_size) / config.conv_stride + 1;
	config.n_f = (static_cast<int64_t>(config.mel_bins) - config.patch_size) / config.conv_stride + 1;
	config.num_patches = config.n_t * config.n_f;
	config.total_seq = config.t_prime + config.num_patches;

	std::cout << "config: " << config.se_count << " classes, " << config.track_count << " tracks, "
	          << config.num_patches << " patches, " << config.t_prime << " label frames per window" << '\n';
}
