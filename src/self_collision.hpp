// Self-collision (seed 002): the cloth's particles keep `thickness` apart, except pairs that
// were neighbours at rest (closer than thickness in the rest shape, 0.1% allowed for rounding,
// so the grid itself is never pushed apart). A spatial hash with cells of the thickness finds the pairs each substep; each
// pair is pushed apart to the thickness, shared by inverse mass, and friction takes back its
// share of the pair's relative sliding in the substep. Every correction is computed from the
// same positions and each particle moves by the average of its own (Jacobi), so the result
// does not depend on the order the pairs are found in. As with colliders, only the part of a
// push that stops the pair's approach becomes velocity.
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "particles.hpp"

namespace nuno {

// Particles sorted into hashed cells of one size (a counting sort over a table of twice as many
// buckets as particles, rounded up to a power of two): the neighbours of a point are in the 27
// cells around its own. Each particle keeps its cell, so cells that share a bucket are told apart.
class SpatialHash {
public:
    void build(const std::vector<Vec3>& positions, float cellSize);
    // Calls visit(i, j) once for every pair i < j closer than the cell size.
    template <class Visit>
    void forEachClosePair(const std::vector<Vec3>& positions, Visit&& visit) const;

private:
    struct Cell {
        std::int32_t x, y, z;
        bool operator==(const Cell& other) const { return x == other.x && y == other.y && z == other.z; }
    };
    Cell cellOf(const Vec3& position) const;
    std::uint32_t bucketOf(const Cell& cell) const;

    float cellSize_ = 1.0f;
    std::uint32_t bucketMask_ = 0;             // buckets - 1, a power of two less one
    std::vector<Cell> cells_;                  // per particle
    std::vector<std::uint32_t> buckets_;       // per particle
    std::vector<std::uint32_t> bucketStarts_;  // bucket b holds sortedParticles_[starts[b], starts[b+1])
    std::vector<std::uint32_t> sortedParticles_;
};

struct SelfCollisionParameters {
    float thickness;  // metres; > 0
    float friction;   // [0, 1]
};

// The pairs are found through a Verlet list: the hash is built with cells of twice the
// thickness and lists every pair (not neighbours at rest) within that reach; substeps then check
// only those pairs, until some particle has moved half a thickness from where the list was made.
// Until then no pair outside the list can have come within the thickness, so nothing is missed.
class SelfCollision {
public:
    void resolve(Particles& particles, const std::vector<Vec3>& restPositions, const SelfCollisionParameters& parameters,
                 float substepSeconds);

private:
    bool listIsStale(const std::vector<Vec3>& positions, float thickness) const;
    void rebuildList(const std::vector<Vec3>& positions, const std::vector<Vec3>& restPositions, float thickness);

    SpatialHash hash_;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> candidates_;
    std::vector<Vec3> listedAt_;
    float listedThickness_ = 0.0f;
    std::vector<Vec3> moves_;
    std::vector<Vec3> silentMoves_;
    std::vector<float> contacts_;
};

// Pairs closer than thickness / 2 that were not neighbours at rest (farther than thickness
// apart in the rest shape): cloth that has passed through itself, or is about to.
std::size_t selfIntersections(const std::vector<Vec3>& positions, const std::vector<Vec3>& restPositions, float thickness);

template <class Visit>
void SpatialHash::forEachClosePair(const std::vector<Vec3>& positions, Visit&& visit) const {
    const float reachSquared = cellSize_ * cellSize_;
    // Each particle looks at its own cell (partners after it) and at the 13 neighbour cells
    // that come after its own in (x, y, z) order (every partner there): the other 13 are
    // covered from their side, so each pair is met once and half the buckets are read.
    for (std::uint32_t i = 0; i < positions.size(); ++i) {
        const Cell& home = cells_[i];
        for (int offset = 13; offset < 27; ++offset) {
            const Cell cell{home.x + offset / 9 - 1, home.y + (offset / 3) % 3 - 1, home.z + offset % 3 - 1};  // |x| <= 1e9 + 1
            const bool ownCell = offset == 13;
            const std::uint32_t bucket = bucketOf(cell);
            for (std::uint32_t slot = bucketStarts_[bucket]; slot < bucketStarts_[bucket + 1]; ++slot) {
                const std::uint32_t j = sortedParticles_[slot];
                if ((ownCell && j <= i) || !(cells_[j] == cell)) continue;
                const Vec3 between = positions[j] - positions[i];
                if (glm::dot(between, between) < reachSquared) visit(std::min(i, j), std::max(i, j));
            }
        }
    }
}

}  // namespace nuno
