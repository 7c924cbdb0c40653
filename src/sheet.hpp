// The starting shape of a cloth: a flat sheet placed by the settings, or the caller's own points.
#pragma once

#include <vector>

#include "settings.hpp"

namespace nuno {

// columns * rows positions, row-major, row 0 first.
std::vector<Vec3> initialPositions(const ClothSettings& settings);

}  // namespace nuno
