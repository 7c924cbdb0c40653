// The state of every particle in the grid's natural order, a Vec3 each: what JS and the GPU read
// (positions(), velocities()), and what the sweeps and self-collision work on. The steps run on
// the same state split by axis (split_particles.hpp). Between steps the cloth keeps positions,
// velocities and inverse masses the same in both; the predicted positions and silent pushes
// here hold only what the last self-collision stage was given.
//
// Velocity is stored, not derived from two positions: (x - x_prev) / h in float32 loses the
// low bits of large coordinates every substep, and the loss has a sign, so a falling cloth
// gains speed it should not have (seed 003 saw the same with half floats). The velocity update
// adds only what the constraints and collisions moved, (x - predicted - silentPush) / h, which
// is exactly zero for a particle nothing touched.
#pragma once

#include <vector>

#include "math.hpp"

namespace nuno {

struct Particles {
    std::vector<Vec3> positions;
    std::vector<Vec3> velocities;          // m/s
    std::vector<Vec3> predictedPositions;  // where integration put each particle this substep
    // The part of this substep's collision pushes that moves a particle without giving it
    // velocity (see colliders.hpp); the velocity update leaves it out.
    std::vector<Vec3> silentPushes;
    std::vector<float> inverseMasses;      // 1/kg; 0 holds the particle in place

    std::size_t size() const { return positions.size(); }
};

}  // namespace nuno
