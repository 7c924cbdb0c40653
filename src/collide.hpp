// The last stage of a substep, four particles of the split state at a time (each lane
// computing exactly what the formulas below compute for one particle in float32):
//
// collide: a free particle found inside a collider, or closer to it than the margin, moves to
//   the nearest point of the surface grown by the margin; friction then takes back its share of
//   the particle's sliding along the surface during this substep (position-level friction, as
//   PBD does it: friction 1 sticks, 0 slides freely). Colliders are visited in the set's order,
//   each seeing the particle where the one before left it. Only the part of a push that stops
//   the particle's approach becomes velocity (no bounce): the rest, a collider moved onto the
//   cloth, is a silent push that moves the particle without launching it.
// velocity update: v += (x - predicted - silentPush) / h.
//
// shaders/solver-collide.frag.glsl and compute-collide.wgsl are the GPU's twins, their contacts
// in shaders/collider-contact.glsl.
#pragma once

#include "colliders.hpp"
#include "split_particles.hpp"
#include "thread_team.hpp"

namespace nuno {

// Whether self-collision ran this substep and left its silent pushes in the particles'
// silentPushes. Without it there are none, and the array is not read.
enum class SilentPushes { None, FromSelfCollision };

// The particles of a band of fours of the split arrays (SplitParticles::fours()).
void collide(SplitParticles& particles, const ColliderSet& colliders, float marginMetres, float substepSeconds,
             SilentPushes silentPushes, Band fours);

}  // namespace nuno
