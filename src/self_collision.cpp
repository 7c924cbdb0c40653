#include "self_collision.hpp"

#include <algorithm>
#include <cmath>

#include "seeded_random.hpp"

namespace nuno {
namespace {

// Cell coordinates beyond this are clamped (so a neighbour's still fits 32 bits): coordinates are
// within 1e4 m, but a tiny thickness would otherwise overflow. Far-apart clamped cells only
// share buckets, which costs time, never a missed pair (pairs are checked by distance).
constexpr double kMaxCell = 1e9;

// Pairs at rest within the thickness times this are neighbours: a grid spacing equal to the
// thickness (the natural choice) lands on either side of the line by rounding alone, and left
// in, adjacent particles pushed each other apart whenever the cloth gave a little.
constexpr float kRestNeighbourSlack = 1.001f;

// Neighbours at rest: of one patch (patches are separate cloths, however they start) and closer
// than the thickness in the rest shape.
bool restNeighbours(const std::vector<Vec3>& restPositions, const Grid& grid, std::uint32_t i, std::uint32_t j,
                    float thickness) {
    const float reach = kRestNeighbourSlack * thickness;
    const Vec3 restBetween = restPositions[i] - restPositions[j];
    if (glm::dot(restBetween, restBetween) >= reach * reach) return false;
    return (grid.patchColumns == 0 && grid.patchRows == 0) || grid.patchOf(i) == grid.patchOf(j);
}

// The Verlet list's skin, in thicknesses: it lists pairs within (1 + skin) thicknesses and lasts
// until a particle has moved half the skin. On a swinging 128 x 128 cloth a skin of two made
// the checks per substep 2.9x dearer and the rebuilds only 7% cheaper: one it is.
constexpr float kSkinSpacings = 1.0f;

// Which way two coinciding particles i < j part (the first moves along it, the second against
// it): along their rest offset, or straight up when that is zero too, as for two patches laid
// exactly on each other (shaders/solver-collide.frag.glsl decides the same from either side).
Vec3 partingDirection(const Vec3& restOffset) {
    const float length = glm::length(restOffset);
    return length > 0.0f ? restOffset / length : Vec3(0.0f, 1.0f, 0.0f);
}

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
    // crowd a few buckets (shaders/spatial-hash.glsl does the same).
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

bool SelfCollision::listIsStale(const std::vector<Vec3>& positions, float thickness) const {
    if (thickness != listedThickness_ || listedAt_.size() != positions.size()) return true;
    // Only the particles' moves relative to one another change their distances: measured from
    // the mean move, a cloth falling or carried as a whole keeps its list.
    Vec3 meanMove(0.0f);
    for (std::size_t i = 0; i < positions.size(); ++i) meanMove += positions[i] - listedAt_[i];
    meanMove /= static_cast<float>(std::max<std::size_t>(positions.size(), 1));
    const float allowedSquared = kSkinSpacings * kSkinSpacings * 0.25f * thickness * thickness;
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const Vec3 moved = positions[i] - listedAt_[i] - meanMove;
        if (!(glm::dot(moved, moved) <= allowedSquared)) return true;
    }
    return false;
}

void SelfCollision::rebuildList(const std::vector<Vec3>& positions, const std::vector<Vec3>& substepStarts,
                                const std::vector<Vec3>& restPositions, const Topology& topology, float thickness) {
    const float reach = (1.0f + kSkinSpacings) * thickness;
    const float triangleReach = faces_.beginList(positions, restPositions, topology, reach, thickness);
    candidates_.clear();
    hash_.build(positions, reach + triangleReach);
    const Grid& grid = topology.grid;
    hash_.forEachClosePair([&](std::uint32_t i, std::uint32_t j) {
        const Vec3 between = positions[i] - positions[j];
        if (glm::dot(between, between) < reach * reach && !restNeighbours(restPositions, grid, i, j, thickness)) {
            candidates_.emplace_back(i, j);
        }
        faces_.listPair(i, j, positions, substepStarts, restPositions, topology);
    });
    faces_.endList();
    listedAt_ = positions;
    listedThickness_ = thickness;
}

void SelfCollision::resolve(const std::vector<Vec3>& positions, const std::vector<float>& inverseMasses,
                            SplitParticles& particles, const std::vector<Vec3>& restPositions, const Topology& topology,
                            const SelfCollisionParameters& parameters, float substepSeconds) {
    const Grid& grid = topology.grid;
    const std::size_t count = positions.size();
    pairCorrections_.resize(count);
    faceCorrections_.resize(count);
    // This substep's silent pushes are self-collision's alone: collide() reads them only after it.
    for (std::vector<float>* axis : particles.silentPushes.axes()) std::fill(axis->begin(), axis->end(), 0.0f);
    const float thickness = parameters.thickness;
    // Where this substep began, for the sliding and the sides of new face pairs.
    const auto startOf = [&](std::uint32_t particle) {
        const std::size_t at = splitIndex(grid, particle);
        return particles.predictedPositions.at(at) - particles.velocities.at(at) * substepSeconds;
    };
    if (listIsStale(positions, thickness)) {
        substepStarts_.resize(count);
        for (std::uint32_t i = 0; i < count; ++i) substepStarts_[i] = startOf(i);
        rebuildList(positions, substepStarts_, restPositions, topology, thickness);
    }
    for (const auto& [i, j] : candidates_) {
        const float wi = inverseMasses[i];
        const float wj = inverseMasses[j];
        if (wi + wj == 0.0f) continue;
        const Vec3 between = positions[i] - positions[j];
        if (glm::dot(between, between) >= thickness * thickness) continue;
        const float distance = glm::length(between);
        const Vec3 normal = distance > 1e-9f ? between / distance : partingDirection(restPositions[i] - restPositions[j]);
        const float push = thickness - distance;
        const float shareI = wi / (wi + wj);
        const float shareJ = wj / (wi + wj);
        // Relative sliding this substep, from where each particle started it.
        const Vec3 relative = (positions[i] - startOf(i)) - (positions[j] - startOf(j));
        const Vec3 sliding = relative - normal * glm::dot(relative, normal);
        const Vec3 correction = normal * push - sliding * parameters.friction;
        // Only the push that stops the pair's approach becomes velocity.
        const Vec3 velocityI = particles.velocities.at(splitIndex(grid, i));
        const Vec3 velocityJ = particles.velocities.at(splitIndex(grid, j));
        const float approach = std::max(0.0f, -glm::dot(velocityI - velocityJ, normal));
        const float silent = std::max(0.0f, push - approach * substepSeconds);
        pairCorrections_.add(i, correction * shareI, normal * (silent * shareI));
        pairCorrections_.add(j, -correction * shareJ, -normal * (silent * shareJ));
    }
    faces_.separate(positions, inverseMasses, particles, topology, thickness, substepSeconds, faceCorrections_);
    for (std::uint32_t i = 0; i < count; ++i) {
        if (pairCorrections_.contacts[i] == 0.0f && faceCorrections_.contacts[i] == 0.0f) continue;
        if (inverseMasses[i] != 0.0f) {
            const std::size_t at = splitIndex(grid, i);
            particles.positions.set(at, positions[i] + pairCorrections_.averageMove(i) + faceCorrections_.averageMove(i));
            particles.silentPushes.set(at, pairCorrections_.averageSilentMove(i) + faceCorrections_.averageSilentMove(i));
        }
        pairCorrections_.clear(i);
        faceCorrections_.clear(i);
    }
}

std::size_t selfIntersections(const std::vector<Vec3>& positions, const std::vector<Vec3>& restPositions, const Grid& grid,
                              float thickness) {
    SpatialHash hash;
    hash.build(positions, thickness / 2);
    std::size_t pairs = 0;
    hash.forEachClosePair([&](std::uint32_t i, std::uint32_t j) {
        if (!restNeighbours(restPositions, grid, i, j, thickness)) ++pairs;
    });
    return pairs;
}

}  // namespace nuno
