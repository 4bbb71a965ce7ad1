// ampify runtime: the one header user code includes.
//
//   #include <ampify/amp.h>
//   ampify::Autocast, ampify::AutocastOptions, ampify::AutocastDisabled, ampify::run_in_fp32,
//   ampify::GradScaler, ampify::GradScalerOptions, ampify::runtime_disabled (AMPIFY_DISABLE=1),
//   ampify::to_channels_last.
//
// Link: find_package(ampify CONFIG REQUIRED); target_link_libraries(app PRIVATE ampify::runtime)
#pragma once

#include <ampify/version.h>
#include <ampify/compat.h>
#include <ampify/switch.h>
#include <ampify/autocast.h>
#include <ampify/grad_scaler.h>
#include <ampify/memory_format.h>
