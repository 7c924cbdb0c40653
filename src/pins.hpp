// Which particles a pin preset holds in place.
#pragma once

#include <cstdint>
#include <vector>

#include "settings.hpp"
#include "topology.hpp"

namespace nuno {

// Sorted particle indices, without repeats.
std::vector<std::uint32_t> pinnedParticles(const Grid& grid, PinPreset preset,
                                           const std::vector<std::uint32_t>& customIndices);

}  // namespace nuno
