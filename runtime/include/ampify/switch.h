// ampify runtime: the run-time off switch.
#pragma once

namespace ampify {

/// True when the environment variable AMPIFY_DISABLE is set to a true value ("1", "true", "yes",
/// "on", case-insensitive). It is read each time an Autocast scope or a GradScaler is constructed,
/// so no restart of anything but those objects is needed. When true, every Autocast behaves as
/// enabled(false) (the region runs in fp32) and every GradScaler is disabled (pure pass-through).
bool runtime_disabled();

/// True when the environment variable AMPIFY_CPU_AUTOCAST is set to a true value: what turns on,
/// on the CPU, the Autocast scopes and GradScalers built with cpu_on_request(true). Read when each
/// is constructed (a scope) or first scales (a scaler).
bool cpu_autocast_requested();

}  // namespace ampify
