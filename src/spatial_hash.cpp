#include "spatial_hash.hpp"

#include <algorithm>
#include <cmath>

#include "seeded_random.hpp"

namespace nuno {
namespace {

// Cell coordinates beyond this are clamped (so a neighbour's still fits 32 bits): coordinates are
// within 1e4 m, but a tiny thickness would otherwise overflow. Far-apart clamped cells only
// share buckets, which costs time, never a missed pair (pairs are checked by distance).
constexpr double kMaxCell = 1e9;

}  // namespace

SpatialHash::Cell SpatialHash::cellOf(const Vec3& position) const {
    const auto along = [this](float coordinate) {
        const double cell = std::floor(static_cast<double>(coordinate) * cellsPerMetre_);
        return static_cast<std::int32_t>(std::clamp(cell, -kMaxCell, kMaxCell));
    };
    return {along(position.x), along(position.y), along(position.z)};
}

std::uint32_t SpatialHash::bucketOf(const Cell& cell) const {
    // Large primes, as in Teschner et al.'s spatial hashing of deformable objects.
    const std::uint32_t mixed = (static_cast<std::uint32_t>(cell.x) * 92837111u) ^
                                (static_cast<std::uint32_t>(cell.y) * 689287499u) ^
                                (static_cast<std::uint32_t>(cell.z) * 283923481u);
    // The products' low bits depend only on the cells' low bits, and the mask keeps only low
    // bits: spread the high ones down (Wellons' lowbias32 finaliser), or a flat sheet's cells
    // crowd a few buckets (shaders/webgl2/spatial-hash.glsl does the same).
    return lowbias32(mixed) & bucketMask_;
}

void SpatialHash::build(const std::vector<Vec3>& positions, float cellSize) {
    cellSize_ = cellSize;
    cellsPerMetre_ = 1.0 / static_cast<double>(cellSize);
    const std::size_t count = positions.size();
    std::size_t bucketCount = 1;
    while (bucketCount < 2 * count) bucketCount *= 2;
    bucketMask_ = bucketCount - 1;
    bucketStarts_.assign(bucketCount + 1, 0);
    cells_.resize(count);
    buckets_.resize(count);
    slotParticles_.resize(count);
    slotPositions_.resize(count);
    for (std::size_t i = 0; i < count; ++i) {
        cells_[i] = cellOf(positions[i]);
        buckets_[i] = bucketOf(cells_[i]);
        ++bucketStarts_[buckets_[i]];
    }
    // Each bucket's end, then filled back to front so each start ends where its bucket begins
    // (and the particles of a bucket in ascending order); the last entry stays the count.
    for (std::size_t b = 1; b < bucketStarts_.size(); ++b) bucketStarts_[b] += bucketStarts_[b - 1];
    for (std::size_t i = count; i-- > 0;) {
        const std::uint32_t slot = --bucketStarts_[buckets_[i]];
        slotParticles_[slot] = static_cast<std::uint32_t>(i);
        slotPositions_[slot] = positions[i];
    }
    runs_.clear();
    bucketRuns_.resize(bucketCount + 1);
    for (std::size_t b = 0; b < bucketCount; ++b) {
        bucketRuns_[b] = static_cast<std::uint32_t>(runs_.size());
        for (std::uint32_t slot = bucketStarts_[b]; slot < bucketStarts_[b + 1]; ++slot) {
            const Cell& cell = cells_[slotParticles_[slot]];
            if (slot > bucketStarts_[b] && runs_.back().cell == cell) {
                ++runs_.back().end;
            } else {
                runs_.push_back({cell, static_cast<std::uint32_t>(b), slot, slot + 1});
            }
        }
    }
    bucketRuns_[bucketCount] = static_cast<std::uint32_t>(runs_.size());
    // A run's first slot holds its smallest particle (a bucket's are ascending): mark each run
    // at that particle, then read the marks in particle order.
    constexpr std::uint32_t kNoRun = ~0u;
    runStartingAt_.assign(count, kNoRun);
    for (std::uint32_t r = 0; r < runs_.size(); ++r) runStartingAt_[slotParticles_[runs_[r].begin]] = r;
    runsInParticleOrder_.clear();
    for (const std::uint32_t r : runStartingAt_) {
        if (r != kNoRun) runsInParticleOrder_.push_back(r);
    }
}

void SpatialHash::forEachRunPair(void (*visit)(void* context, const Run& first, const Run& second), void* context) const {
    // Each run meets its own cell (itself, and the same cell's later runs in its bucket) and the
    // 13 neighbour cells that come after its own in (x, y, z) order: the other 13 are covered
    // from their side, so each pair is met once and half the buckets are read.
    constexpr int kForwardNeighbours = 13;
    for (const std::uint32_t r : runsInParticleOrder_) {
        const Run& home = runs_[r];
        visit(context, home, home);
        for (std::uint32_t later = r + 1; later < bucketRuns_[home.bucket + 1]; ++later) {
            if (runs_[later].cell == home.cell) visit(context, home, runs_[later]);
        }
        for (int n = 0; n < kForwardNeighbours; ++n) {
            const int offset = kForwardNeighbours + 1 + n;  // 14..26 of the 27 cells, 13 being home
            const Cell neighbour{home.cell.x + offset / 9 - 1, home.cell.y + (offset / 3) % 3 - 1,
                                 home.cell.z + offset % 3 - 1};  // |x| <= 1e9 + 1
            const std::uint32_t neighbourBucket = bucketOf(neighbour);
            for (std::uint32_t other = bucketRuns_[neighbourBucket]; other < bucketRuns_[neighbourBucket + 1]; ++other) {
                if (runs_[other].cell == neighbour) visit(context, home, runs_[other]);
            }
        }
    }
}

}  // namespace nuno
