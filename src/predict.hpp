// The stage's GPU twins: shaders/webgl2/predict.frag.glsl and shaders/webgpu/predict.wgsl; tests/browser/stages.spec.js runs it on all three.
//
// The first stage of a substep (the last is in collide.hpp).
//
// predict: external forces and damping advance every free particle (symplectic Euler), then
//   x = x + v * h;   predicted = x
// The velocity change is split into three parts, each exact for its own force over the substep:
//   wind drag  the air velocity relative to the particle, v_r = wind - v, is split into its part
//              along the surface normal and its part in the surface; each decays toward zero at
//              its own rate k (normal drag much stronger than tangential, as for a real sheet
//              of paper), so over h the velocity takes up the share 1 - exp(-k h) of each part;
//   damping    v *= exp(-damping h);
//   gravity    v += g h.
// Every share and factor lies in [0, 1], so no rate and no step can make the velocity overshoot
// and grow: the explicit form v * (1 - c h) turned negative for c h > 1 and diverged.
//
// It goes four particles at a time through the step's split state (split_particles.hpp), each
// lane computing exactly what the formula above computes for one particle in float32.
#pragma once

#include "split_particles.hpp"
#include "thread_team.hpp"
#include "wind_gusts.hpp"

namespace nuno {

struct Forces {
    Vec3 gravity;  // m/s^2
    Vec3 wind;     // m/s
    float damping;             // 1/s
    float windNormalDrag;      // 1/s
    float windTangentialDrag;  // 1/s
};

// What one substep of length h does to a velocity, per setting rather than per particle: the
// exponentials are computed once, here, so every particle (and the GPU solver, which is handed
// these same float32 values) uses identical factors whatever the platform's exp rounds to.
struct SubstepFactors {
    float keep;                 // exp(-damping h): the share of the velocity damping leaves
    float normalDragShare;      // 1 - exp(-windNormalDrag h): share of v_r's normal part taken up
    float tangentialDragShare;  // 1 - exp(-windTangentialDrag h): share of v_r's tangential part

    bool hasWindDrag() const { return normalDragShare > 0.0f || tangentialDragShare > 0.0f; }
};

SubstepFactors substepFactors(const Forces& forces, float substepSeconds);

// The particles of a band of fours of the split arrays (SplitParticles::fours()). Their normals
// are read only when the factors have wind drag. With gusts (or null), the air each particle
// meets is the wind plus the gusts where the particle is as the substep starts.
void predict(SplitParticles& particles, const Forces& forces, const SubstepFactors& factors, float substepSeconds,
             const GustWaves* gusts, Band fours);

}  // namespace nuno
