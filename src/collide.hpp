// The stage's GPU twins: shaders/webgl2/collide.frag.glsl and shaders/webgpu/collide.wgsl; tests/browser/stages.spec.js runs it on all three.
//
// The last stage of a substep, four particles of the split state at a time (each lane
// computing exactly what the formulas below compute for one particle in float32):
//
// collide: a free particle found inside a collider, or closer to it than the margin, moves to
//   the nearest point of the surface grown by the margin; friction then takes back its share of
//   the particle's sliding along the surface during this substep (position-level friction, as
//   PBD does it: friction 1 sticks, 0 slides freely). Colliders are visited in the set's order
//   (planes last), each seeing the particle where the one before left it; while a push moved a
//   particle after an earlier collider's visit, they are all visited again for it
//   (kContactPasses at most), so it ends outside all of them where it can, above every plane.
//   A particle that began the substep deeper than the margin (made, reset or moved inside, or a
//   collider made around it) comes out at most depenetrationMetres[c] of that depth a substep:
//   depenetrationSpeed * h, plus the collider's travel onto the cloth in a step's first substep.
//   Pushed out at once, a cloth half inside a plane was folded flat onto it, and its constraints
//   sprang it away at tens of m/s.
//   Only the part of a push that undoes the particle's own approach (how far its motion this
//   substep, constraints included, carried it along -normal) becomes velocity (no bounce): the
//   rest, a collider moved onto the cloth, is a silent push that moves the particle without
//   launching it. Counting the constraints' share too, a particle the cloth's weight presses into
//   the ground stores the velocity it has, none (counting its velocity alone, the bottom row of a
//   sheet standing on the ground kept -0.245 m/s while it stood still).
// velocity update: v += (x - predicted - silentPush) / h.
//
// shaders/webgl2/collide.frag.glsl and collide.wgsl are the GPU's twins, their contacts
// in shaders/webgl2/collide-contact.glsl.
#pragma once

#include "colliders.hpp"
#include "split_particles.hpp"
#include "thread_team.hpp"

namespace nuno {

// Whether self-collision ran this substep and left its silent pushes in the particles'
// silentPushes. Without it there are none, and the array is not read.
enum class SilentPushes { None, FromSelfCollision };

// The particles of a band of fours of the split arrays (SplitParticles::fours()).
// depenetrationMetres: per collider, in the set's order.
void collide(SplitParticles& particles, const ColliderSet& colliders, const std::vector<float>& depenetrationMetres,
             float marginMetres, float substepSeconds, SilentPushes silentPushes, Band fours);

}  // namespace nuno
