#include "separate.hpp"

#include <algorithm>
#include <array>
#include <cmath>


namespace nuno {
namespace {

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
// exactly on each other (shaders/webgl2/collide.frag.glsl decides the same from either side).
Vec3 partingDirection(const Vec3& restOffset) {
    const float length = glm::length(restOffset);
    return length > 0.0f ? restOffset / length : Vec3(0.0f, 1.0f, 0.0f);
}

}  // namespace

bool SelfCollision::listIsStale(const std::vector<Vec3>& positions, float thickness) const {
    return thickness != listedThickness_ || movedBeyond(positions, listedAt_, 0.5f * kSkinSpacings * thickness);
}

void SelfCollision::rebuildList(const std::vector<Vec3>& positions, const std::vector<Vec3>& substepStarts,
                                const std::vector<Vec3>& restPositions, const Topology& topology,
                                const TornConstraints& torn, float thickness) {
    const float reach = (1.0f + kSkinSpacings) * thickness;
    const float triangleReach = faces_.beginList(positions, restPositions, topology, torn, reach, thickness);
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
                            const TornConstraints& torn, const SelfCollisionParameters& parameters, float substepSeconds,
                            bool stepBegins) {
    const Grid& grid = topology.grid;
    const std::size_t count = positions.size();
    pairCorrections_.resize(count);
    faceCorrections_.resize(count);
    untangleCorrections_.resize(count);
    if (stepBegins) untangling_.beginStep(positions, grid);
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
        rebuildList(positions, substepStarts_, restPositions, topology, torn, thickness);
    }
    for (const auto& [i, j] : candidates_) {
        const float wi = inverseMasses[i];
        const float wj = inverseMasses[j];
        if (wi + wj == 0.0f || untangling_.tangled(i) || untangling_.tangled(j)) continue;
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
    faces_.separate(positions, inverseMasses, particles, topology, thickness, substepSeconds, untangling_,
                    faceCorrections_);
    untangling_.push(positions, inverseMasses, thickness, untangleCorrections_);
    const std::array<JacobiCorrections*, 3> kinds{&pairCorrections_, &faceCorrections_, &untangleCorrections_};
    for (std::uint32_t i = 0; i < count; ++i) {
        if (std::all_of(kinds.begin(), kinds.end(), [&](const JacobiCorrections* kind) { return kind->contacts[i] == 0.0f; })) {
            continue;
        }
        if (inverseMasses[i] != 0.0f) {
            // Added in turn to the position, as each kind of push would move it alone.
            Vec3 moved = positions[i];
            Vec3 silentMove = kinds[0]->averageSilentMove(i);
            for (const JacobiCorrections* kind : kinds) moved += kind->averageMove(i);
            for (std::size_t k = 1; k < kinds.size(); ++k) silentMove += kinds[k]->averageSilentMove(i);
            const std::size_t at = splitIndex(grid, i);
            particles.positions.set(at, moved);
            particles.silentPushes.set(at, silentMove);
        }
        for (JacobiCorrections* kind : kinds) kind->clear(i);
    }
}

float SelfCollision::fastestApproach(const SplitParticles& particles, const Grid& grid) const {
    float fastestSquared = 0.0f;
    for (const auto& [i, j] : candidates_) {
        const Vec3 relative = particles.velocities.at(splitIndex(grid, i)) - particles.velocities.at(splitIndex(grid, j));
        fastestSquared = std::max(fastestSquared, glm::dot(relative, relative));
    }
    return std::max(std::sqrt(fastestSquared), faces_.fastestApproach(particles, grid));
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
