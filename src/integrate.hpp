// The first and last stages of a substep.
//
// predict: external forces and damping advance every free particle (symplectic Euler)
//   v = v * (1 - damping * h) + a(v) * h;   x = x + v * h;   predicted = x
// a = gravity + wind drag. The drag follows the relative air velocity v_r = wind - v, split into
// its part along the surface normal and its part in the surface, each pulled toward the wind at
// its own rate (normal drag much stronger than tangential, as for a real sheet; seed 003).
//
// updateVelocities: after constraints and collisions, v += (x - predicted - silentPush) / h.
#pragma once

#include <vector>

#include "particles.hpp"

namespace nuno {

struct Forces {
    Vec3 gravity;
    float damping;  // 1/s
    Vec3 wind;      // m/s
    float windNormalDrag;
    float windTangentialDrag;

    bool hasWindDrag() const { return windNormalDrag > 0.0f || windTangentialDrag > 0.0f; }
};

// normals may be empty when the forces have no wind drag.
void predict(Particles& particles, const std::vector<Vec3>& normals, const Forces& forces, float substepSeconds);

void updateVelocities(Particles& particles, float substepSeconds);

}  // namespace nuno
