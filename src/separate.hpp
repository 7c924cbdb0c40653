// The stage's GPU twins: shaders/webgl2/separate-buckets.*.glsl (the separation itself in
// collide.frag.glsl, the triangles in face-contacts.glsl) and shaders/webgpu/separate.wgsl, whose
// face pushes keep no memory of sides (docs/model.md); tests/browser/stages.spec.js runs it on all three.
//
// Self-collision: the cloth keeps `thickness` between its layers, in two ways.
//  - Particle pairs: particles keep `thickness` apart, except pairs that were neighbours at
//    rest (closer than thickness in the rest shape, 0.1% allowed for rounding, so the grid itself
//    is never pushed apart). Each pair is pushed apart to the thickness, shared by inverse mass,
//    and friction takes back its share of the pair's relative sliding in the substep.
//  - Particles over triangles: a particle over a triangle of the cloth (its foot on the
//    triangle's plane inside it) is kept `thickness` off it on the side it came from, the
//    triangle's corners pushed the other way by their barycentric shares. Each listed pair
//    remembers that side, and the side follows the particle only while it is beside the
//    triangle: a particle that got through a layer within one substep is pushed back through,
//    where pairs alone would hold it on the wrong side for good, and a particle slipping
//    between the particles of a layer thinner than their spacing meets the triangles between.
// A spatial hash finds both kinds of pair. Every correction is computed from the same positions
// and each particle moves by the average of its own of each kind (Jacobi), so the result does
// not depend on the order the pairs are found in. As with colliders, only the part of a push that
// stops the approach becomes velocity.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "face_contacts.hpp"
#include "spatial_hash.hpp"
#include "untangle.hpp"
#include "jacobi_corrections.hpp"
#include "split_particles.hpp"
#include "topology.hpp"

namespace nuno {

struct SelfCollisionParameters {
    float thickness;  // metres; > 0
    float friction;   // [0, 1]
};

// The pairs are found through a Verlet list: the hash lists every pair (not neighbours at rest)
// within twice the thickness; substeps then check only those pairs, until some particle has moved
// half a thickness from where the list was made (movedBeyond). Until then no pair outside the
// list can have come within the thickness, so nothing is missed. The same hash, its cells grown
// by the largest of the triangles' covers, lists the face pairs (face_contacts.hpp).
class SelfCollision {
public:
    // Finds the pairs in the xyz positions (the grid's order, as the GPU finds them), and moves
    // the particles, and sets this substep's silent pushes, in the split state
    // (split_particles.hpp), whose positions say the same. Reads the particles' velocities and
    // predicted positions there. `stepBegins`: the first substep of a fixed step, where the
    // cloth is looked at whole for crossings to untangle (untangle.hpp).
    void resolve(const std::vector<Vec3>& positions, const std::vector<float>& inverseMasses,
                 SplitParticles& particles, const std::vector<Vec3>& restPositions, const Topology& topology,
                 const TornConstraints& torn, const SelfCollisionParameters& parameters, float substepSeconds,
                 bool stepBegins);

    // The fastest two particles the Verlet list holds as a pair, or a particle and a triangle's
    // corner it holds as a face pair, move relative to each other, m/s: how fast layers within
    // reach of each other approach (0 before the first list).
    float fastestApproach(const SplitParticles& particles, const Grid& grid) const;

    // After a tear: the list is made again at the next substep, without the triangles it opened,
    // so that what lay on them falls through from then on.
    void forgetList() { listedThickness_ = 0.0f; }

private:
    bool listIsStale(const std::vector<Vec3>& positions, float thickness) const;
    void rebuildList(const std::vector<Vec3>& positions, const std::vector<Vec3>& substepStarts,
                     const std::vector<Vec3>& restPositions, const Topology& topology, const TornConstraints& torn,
                     float thickness);

    SpatialHash hash_;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> candidates_;
    std::vector<Vec3> listedAt_;
    std::vector<Vec3> substepStarts_;
    float listedThickness_ = 0.0f;  // 0: no list, or one made before a tear
    FaceContacts faces_;
    JacobiCorrections pairCorrections_;
    JacobiCorrections faceCorrections_;
    Untangling untangling_;
    JacobiCorrections untangleCorrections_;
};

// Pairs closer than thickness / 2 that were not neighbours at rest (of different patches, or
// farther than thickness apart in the rest shape): cloth that has passed through itself, or
// is about to.
std::size_t selfIntersections(const std::vector<Vec3>& positions, const std::vector<Vec3>& restPositions, const Grid& grid,
                              float thickness);

}  // namespace nuno
