// Per-particle surface normals from the grid neighbours (central differences, one-sided at the
// edges of each patch).
// Used for wind drag and for smooth shading; a degenerate spot gets the zero vector.
#pragma once

#include <vector>

#include "thread_team.hpp"
#include "topology.hpp"

namespace nuno {

// The normals of a band of rows; normals holds one per particle.
void computeNormals(const Grid& grid, const std::vector<Vec3>& positions, std::vector<Vec3>& normals, Band rows);

}  // namespace nuno
