// A spatial hash of points, finding every pair closer than its cell size.
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "math.hpp"

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
    // Calls visit(context, first, second) for every pair of runs whose particles may be close
    // (a run with itself included), each pair once, in forEachClosePair's order: not a template,
    // so that each visitor of pairs adds only its loop over the two runs' particles.
    void forEachRunPair(void (*visit)(void* context, const Run& first, const Run& second), void* context) const;
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
    struct Context {
        const SpatialHash* hash;
        std::remove_reference_t<Visit>* visit;
    } context{this, &visit};
    forEachRunPair(
        [](void* opaque, const Run& first, const Run& second) {
            const Context& pair = *static_cast<const Context*>(opaque);
            pair.hash->forEachClosePairBetween(first, second, *pair.visit);
        },
        &context);
}

// Whether a Verlet list made at `listedAt` has gone stale: some particle has moved more than
// `allowed` metres since, measured from the mean move of all (only moves relative to one another
// change distances, so a cloth falling or carried as a whole keeps its list). Pairs farther
// apart than reach + 2 * allowed when listed can then not have come within reach.
inline bool movedBeyond(const std::vector<Vec3>& positions, const std::vector<Vec3>& listedAt, float allowed) {
    if (listedAt.size() != positions.size()) return true;
    Vec3 meanMove(0.0f);
    for (std::size_t i = 0; i < positions.size(); ++i) meanMove += positions[i] - listedAt[i];
    meanMove /= static_cast<float>(std::max<std::size_t>(positions.size(), 1));
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const Vec3 moved = positions[i] - listedAt[i] - meanMove;
        if (!(glm::dot(moved, moved) <= allowed * allowed)) return true;
    }
    return false;
}

}  // namespace nuno
