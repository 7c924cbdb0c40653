// The state of every particle in the grid's natural order, a Vec3 each: what JS and the GPU read
// (positions(), velocities()), and the positions the sweeps and self-collision work on. The
// steps run on the same state split by axis (split_particles.hpp), which also holds what only a
// substep needs (predicted positions, silent pushes); between steps the cloth keeps the two the
// same.
//
// Velocity is stored, not derived from two positions: (x - x_prev) / h in float32 loses the
// low bits of large coordinates every substep, and the loss has a sign, so a falling cloth
// gains speed it should not have (half floats show the same, worse). The velocity update
// adds only what the constraints and collisions moved, (x - predicted - silentPush) / h, which
// is exactly zero for a particle nothing touched.
#pragma once

#include <vector>

#include "math.hpp"

namespace nuno {

struct Particles {
    std::vector<Vec3> positions;
    std::vector<Vec3> velocities;      // m/s
    std::vector<float> inverseMasses;  // 1/kg; 0 holds the particle in place

    std::size_t size() const { return positions.size(); }
};

}  // namespace nuno
