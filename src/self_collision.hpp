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

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "face_contacts.hpp"
#include "jacobi_corrections.hpp"
#include "split_particles.hpp"
#include "topology.hpp"

namespace nuno {

// Particles sorted into hashed cells of one size (a counting sort over a table of twice as many
// buckets as particles, rounded up to a power of two): the neighbours of a point are in the 27
// cells around its own. A bucket's particles are kept in runs of one cell, so cells that share a
// bucket are told apart once a run rather than once a particle, and positions are copied in slot
// order, so a run's are read from consecutive memory.
class SpatialHash {
public:
    void build(const std::vector<Vec3>& positions, float cellSize);
    // Calls visit(i, j) once for every pair i < j closer than the cell size, run by run, the runs
    // in the order of their first particles: a cloth's particle order is mostly spatial, so
    // runs met one after another read neighbouring buckets (and the pairs come nearly sorted).
    template <class Visit>
    void forEachClosePair(Visit&& visit) const;

private:
    struct Cell {
        std::int32_t x, y, z;
        bool operator==(const Cell& other) const { return x == other.x && y == other.y && z == other.z; }
    };
    // Consecutive slots of one bucket whose particles share a cell (a bucket two cells share
    // may hold a cell in more than one run).
    struct Run {
        Cell cell;
        std::uint32_t bucket;
        std::uint32_t begin, end;
    };
    Cell cellOf(const Vec3& position) const;
    std::uint32_t bucketOf(const Cell& cell) const;
    template <class Visit>
    void forEachClosePairBetween(const Run& first, const Run& second, Visit& visit) const;

    float cellSize_ = 1.0f;
    double cellsPerMetre_ = 1.0;
    std::uint32_t bucketMask_ = 0;             // buckets - 1, a power of two less one
    std::vector<Cell> cells_;                  // per particle
    std::vector<std::uint32_t> buckets_;       // per particle
    std::vector<std::uint32_t> bucketStarts_;  // bucket b holds slots [starts[b], starts[b+1])
    std::vector<std::uint32_t> slotParticles_;
    std::vector<Vec3> slotPositions_;
    std::vector<Run> runs_;
    std::vector<std::uint32_t> bucketRuns_;  // bucket b holds runs [bucketRuns[b], bucketRuns[b+1])
    std::vector<std::uint32_t> runStartingAt_;        // per particle: the run it is first in, or ~0
    std::vector<std::uint32_t> runsInParticleOrder_;  // by each run's first (smallest) particle
};

struct SelfCollisionParameters {
    float thickness;  // metres; > 0
    float friction;   // [0, 1]
};

// The pairs are found through a Verlet list: the hash lists every pair (not neighbours at rest)
// within twice the thickness, and the face pairs as near (face_contacts.hpp); substeps then
// check only those pairs, until some particle has moved half a thickness from where the list was
// made, measured from the mean move of all. Until then no pair outside the list can have come
// within the thickness, so nothing is missed.
class SelfCollision {
public:
    // Finds the pairs in the xyz positions (the grid's order, as the GPU finds them), and moves
    // the particles, and sets this substep's silent pushes, in the split state
    // (split_particles.hpp), whose positions say the same. Reads the particles' velocities and
    // predicted positions there.
    void resolve(const std::vector<Vec3>& positions, const std::vector<float>& inverseMasses,
                 SplitParticles& particles, const std::vector<Vec3>& restPositions, const Topology& topology,
                 const SelfCollisionParameters& parameters, float substepSeconds);

private:
    bool listIsStale(const std::vector<Vec3>& positions, float thickness) const;
    void rebuildList(const std::vector<Vec3>& positions, const std::vector<Vec3>& substepStarts,
                     const std::vector<Vec3>& restPositions, const Topology& topology, float thickness);

    SpatialHash hash_;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> candidates_;
    std::vector<Vec3> listedAt_;
    std::vector<Vec3> substepStarts_;
    float listedThickness_ = 0.0f;
    FaceContacts faces_;
    JacobiCorrections pairCorrections_;
    JacobiCorrections faceCorrections_;
};

// Pairs closer than thickness / 2 that were not neighbours at rest (of different patches, or
// farther than thickness apart in the rest shape): cloth that has passed through itself, or
// is about to.
std::size_t selfIntersections(const std::vector<Vec3>& positions, const std::vector<Vec3>& restPositions, const Grid& grid,
                              float thickness);

template <class Visit>
void SpatialHash::forEachClosePairBetween(const Run& first, const Run& second, Visit& visit) const {
    const float reachSquared = cellSize_ * cellSize_;
    for (std::uint32_t slot = first.begin; slot < first.end; ++slot) {
        // Within one run, each partner after the slot; across two runs, every partner.
        for (std::uint32_t other = &first == &second ? slot + 1 : second.begin; other < second.end; ++other) {
            const Vec3 between = slotPositions_[other] - slotPositions_[slot];
            if (glm::dot(between, between) >= reachSquared) continue;
            const std::uint32_t i = slotParticles_[slot];
            const std::uint32_t j = slotParticles_[other];
            visit(std::min(i, j), std::max(i, j));
        }
    }
}

template <class Visit>
void SpatialHash::forEachClosePair(Visit&& visit) const {
    // Each run meets its own cell (itself, and the same cell's later runs in its bucket) and the
    // 13 neighbour cells that come after its own in (x, y, z) order: the other 13 are covered
    // from their side, so each pair is met once and half the buckets are read.
    constexpr int kForwardNeighbours = 13;
    for (const std::uint32_t r : runsInParticleOrder_) {
        const Run& home = runs_[r];
        forEachClosePairBetween(home, home, visit);
        for (std::uint32_t later = r + 1; later < bucketRuns_[home.bucket + 1]; ++later) {
            if (runs_[later].cell == home.cell) forEachClosePairBetween(home, runs_[later], visit);
        }
        for (int n = 0; n < kForwardNeighbours; ++n) {
            const int offset = kForwardNeighbours + 1 + n;  // 14..26 of the 27 cells, 13 being home
            const Cell neighbour{home.cell.x + offset / 9 - 1, home.cell.y + (offset / 3) % 3 - 1,
                                 home.cell.z + offset % 3 - 1};  // |x| <= 1e9 + 1
            const std::uint32_t neighbourBucket = bucketOf(neighbour);
            for (std::uint32_t other = bucketRuns_[neighbourBucket]; other < bucketRuns_[neighbourBucket + 1]; ++other) {
                if (runs_[other].cell == neighbour) forEachClosePairBetween(home, runs_[other], visit);
            }
        }
    }
}

}  // namespace nuno
