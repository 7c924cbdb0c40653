#include "untangle.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "self_crossings.hpp"
#include "triangle_geometry.hpp"

namespace nuno {
namespace {

// Bits of a particle's cut structural edges, by the edge's first particle.
constexpr std::uint8_t kRightCut = 1;
constexpr std::uint8_t kDownCut = 2;

std::uint32_t rootOf(std::vector<std::uint32_t>& parents, std::uint32_t particle) {
    while (parents[particle] != particle) {
        parents[particle] = parents[parents[particle]];  // path halving
        particle = parents[particle];
    }
    return particle;
}

float heightOver(const Vec3& point, const std::array<std::uint32_t, 3>& triangle, const std::vector<Vec3>& positions) {
    const Vec3& a = positions[triangle[0]];
    return glm::dot(point - a, glm::cross(positions[triangle[1]] - a, positions[triangle[2]] - a));
}

}  // namespace

void Untangling::beginStep(const std::vector<Vec3>& positions, const Grid& grid) {
    if (returns_.empty() && ++stepsSinceLook_ < kStepsBetweenLooks) return;
    stepsSinceLook_ = 0;
    analyse(positions, grid);
}

void Untangling::analyse(const std::vector<Vec3>& positions, const Grid& grid) {
    returns_.clear();
    const std::vector<SelfCrossing> crossings = findSelfCrossings(positions, grid);
    if (crossings.empty()) return;

    // The grid's pieces once the crossing edges are cut.
    const std::size_t count = positions.size();
    tangled_.assign(count, 0);  // the cut bits first, then whether tangled
    for (const SelfCrossing& crossing : crossings) {
        const auto [first, second] = crossing.edge;
        tangled_[first] |= second == first + 1 ? kRightCut : kDownCut;
    }
    pieces_.resize(count);
    std::iota(pieces_.begin(), pieces_.end(), 0u);
    forEachConstraintStart(grid, [&](Direction direction, int column, int row) {
        if (familyOf(direction) != Family::Structural) return;
        const std::uint32_t first = grid.index(column, row);
        if (tangled_[first] & (direction == Direction::Right ? kRightCut : kDownCut)) return;
        const std::uint32_t a = rootOf(pieces_, first);
        const std::uint32_t b = rootOf(pieces_, secondOf(grid, direction, column, row));
        if (a != b) pieces_[std::max(a, b)] = std::min(a, b);
    });

    // Each patch's largest piece stays; the rest went through.
    std::vector<std::uint32_t> sizes(count, 0);
    for (std::uint32_t i = 0; i < count; ++i) ++sizes[pieces_[i] = rootOf(pieces_, i)];
    constexpr std::uint32_t kNone = ~0u;
    std::vector<std::uint32_t> largest(static_cast<std::size_t>(grid.patchCount()), kNone);
    for (std::uint32_t root = 0; root < count; ++root) {
        if (pieces_[root] != root) continue;
        std::uint32_t& kept = largest[static_cast<std::size_t>(grid.patchOf(root))];
        if (kept == kNone || sizes[root] > sizes[kept]) kept = root;
    }
    for (std::uint32_t i = 0; i < count; ++i) {
        tangled_[i] = pieces_[i] != largest[static_cast<std::size_t>(grid.patchOf(i))] ? 1 : 0;
    }

    for (const SelfCrossing& crossing : crossings) {
        const auto [first, second] = crossing.edge;
        const float firstHeight = heightOver(positions[first], crossing.triangle, positions);
        const float secondHeight = heightOver(positions[second], crossing.triangle, positions);
        const bool sendFirst = tangled_[first] != tangled_[second] ? tangled_[first] != 0
                                                                    : std::abs(firstHeight) < std::abs(secondHeight);
        const float keptHeight = sendFirst ? secondHeight : firstHeight;
        const std::uint32_t sent = sendFirst ? first : second;
        returns_.push_back({sent, crossing.triangle, keptHeight < 0.0f ? -1.0f : 1.0f});
    }
}

void Untangling::push(const std::vector<Vec3>& positions, const std::vector<float>& inverseMasses, float thickness,
                      JacobiCorrections& corrections) const {
    for (const Return& sent : returns_) {
        const auto [ia, ib, ic] = sent.triangle;
        const Vec3& a = positions[ia];
        const Vec3& b = positions[ib];
        const Vec3& c = positions[ic];
        const Vec3 across = glm::cross(b - a, c - a);
        const float area = glm::length(across);
        if (!(area > 0.0f)) continue;
        const Vec3 normal = across * (sent.side / area);  // towards the side it belongs on
        const Vec3& p = positions[sent.particle];
        const float gap = glm::dot(p - a, normal);
        if (!(gap < thickness)) continue;
        const Vec3 weights = nearestOnTriangle(p, a, b, c);
        const Vec3 cornerMasses(inverseMasses[ia], inverseMasses[ib], inverseMasses[ic]);
        const float massSum = inverseMasses[sent.particle] + glm::dot(weights * weights, cornerMasses);
        if (massSum == 0.0f) continue;
        const float push = std::min(thickness - gap, thickness) / massSum;
        const Vec3 particleMove = normal * (push * inverseMasses[sent.particle]);
        corrections.add(sent.particle, particleMove, particleMove);
        for (int k = 0; k < 3; ++k) {
            if (weights[k] == 0.0f) continue;
            const Vec3 cornerMove = normal * (-push * weights[k] * cornerMasses[k]);
            corrections.add(sent.triangle[static_cast<std::size_t>(k)], cornerMove, cornerMove, weights[k]);
        }
    }
}

}  // namespace nuno
