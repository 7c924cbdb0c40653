// Its GPU twins: shaders/webgl2/normals.glsl and shaders/webgpu/normals.wgsl, which the predict
// passes read for the wind's drag (tests/browser/stages.spec.js compares predict on all three).
//
// Per-particle surface normals from the grid neighbours (central differences, one-sided at the
// edges of each patch).
// Used for wind drag and for smooth shading; a degenerate spot gets the zero vector.
//
// They are computed in the step's split state (split_particles.hpp), four particles at a time:
// there a row's even columns come first, then its odd ones, so the left and right neighbours of
// four even columns are four odd places side by side, and the other way round.
#pragma once

#include <vector>

#include "split_particles.hpp"
#include "thread_team.hpp"
#include "topology.hpp"

namespace nuno {

// Per place of a split row (the same for every row): 1 where the particle is its own left
// neighbour, at the first column of a patch, and its own right one, at the last; else 0.
struct PatchEdges {
    std::vector<float> first;
    std::vector<float> last;

    explicit PatchEdges(const Grid& grid);
};

// The normals of a band of rows.
void computeNormals(const Grid& grid, const PatchEdges& edges, const SplitVectors& positions, SplitVectors& normals,
                    Band rows);

// The normal from a particle's four neighbours along its row and column (itself where it has
// none on a side), as computeNormals makes it: zero where they have collapsed.
Vec3 normalFromNeighbours(const Vec3& left, const Vec3& right, const Vec3& up, const Vec3& down);

class TornConstraints;

// After computeNormals, where the cloth has torn (tearing.hpp): the normals at both ends of each
// torn structural edge, which see no neighbour across it, as at a patch's edge. Here, built for
// speed with the other per-substep stages, rather than with tearing's bookkeeping, built for
// size: it runs every substep with wind, and built for size it made a torn curtain's step cost
// 1.3x a whole one's (wasm).
void normalsAtTears(const Grid& grid, const TornConstraints& torn, const SplitVectors& positions, SplitVectors& normals);

}  // namespace nuno
