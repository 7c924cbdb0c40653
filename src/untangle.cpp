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

bool Untangling::lookDue() {
    if (++stepsSinceLook_ < (freeing_ ? 1 : kStepsBetweenLooks)) return false;
    stepsSinceLook_ = 0;
    return true;
}

void Untangling::look(const std::vector<Vec3>& positions, const Grid& grid) {
    const std::size_t crossingsBefore = crossingsSeen_;
    analyse(positions, grid);
    // Looked at again next step while the crossings fall; a tangle the pushes cannot undo (a held
    // particle dragged through the cloth, crossings that close around nothing) is looked at as
    // seldom as a clean cloth.
    freeing_ = !returns_.empty() && (crossingsBefore == 0 || crossingsSeen_ < crossingsBefore);
}

void Untangling::analyse(const std::vector<Vec3>& positions, const Grid& grid) {
    returns_.clear();
    const std::vector<SelfCrossing> crossings = findSelfCrossings(positions, grid);
    crossingsSeen_ = crossings.size();
    if (crossings.empty()) return;

    // The grid's pieces once the crossing edges are cut.
    const std::size_t count = positions.size();
    cuts_.assign(count, 0);
    for (const SelfCrossing& crossing : crossings) {
        const auto [first, second] = crossing.edge;
        cuts_[first] |= second == first + 1 ? kRightCut : kDownCut;
    }
    pieces_.resize(count);
    std::iota(pieces_.begin(), pieces_.end(), 0u);
    forEachConstraintStart(grid, [&](Direction direction, int column, int row) {
        if (familyOf(direction) != Family::Structural) return;
        const std::uint32_t first = grid.index(column, row);
        if (cuts_[first] & (direction == Direction::Right ? kRightCut : kDownCut)) return;
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
    tangled_.resize(count);
    for (std::uint32_t i = 0; i < count; ++i) {
        tangled_[i] = pieces_[i] != largest[static_cast<std::size_t>(grid.patchOf(i))] ? 1 : 0;
    }

    for (const SelfCrossing& crossing : crossings) {
        const auto [first, second] = crossing.edge;
        const float firstHeight = heightOver(positions[first], crossing.triangle, positions);
        const float secondHeight = heightOver(positions[second], crossing.triangle, positions);
        // A cut that closes around nothing (two layers crossed edge to edge) says nothing of
        // which side is which; sending back the end nearer the plane there made a crumpled
        // mass-spring heap's crossings grow to tens of thousands. Such crossings are left alone.
        if (tangled_[first] == tangled_[second]) continue;
        const bool sendFirst = tangled_[first] != 0;
        const float keptHeight = sendFirst ? secondHeight : firstHeight;
        const std::uint32_t sent = sendFirst ? first : second;
        returns_.push_back({sent, crossing.triangle, keptHeight < 0.0f ? -1.0f : 1.0f});
    }
}

void Untangling::writeTangles(std::size_t particleCount, std::vector<std::int32_t>& records) const {
    if (returns_.empty()) {
        std::vector<std::int32_t>().swap(records);  // a free cloth keeps none
        return;
    }
    records.assign(4 * particleCount, 0);
    for (std::size_t i = 0; i < particleCount; ++i) {
        if (tangled_[i] != 0) records[4 * i + 3] = kHeld;
    }
    for (const Return& sent : returns_) {
        std::int32_t* record = &records[4 * static_cast<std::size_t>(sent.particle)];
        if (record[3] != kHeld) continue;  // sent back through an earlier triangle
        for (int k = 0; k < 3; ++k) record[k] = static_cast<std::int32_t>(sent.triangle[static_cast<std::size_t>(k)]);
        record[3] = sent.side < 0.0f ? -1 : 1;
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
        const float depth = std::min(thickness - gap, thickness);
        addPointTriangleContact(corrections, sent.particle, sent.triangle, nearestOnTriangle(p, a, b, c), normal, depth,
                                1.0f, inverseMasses);
    }
}

}  // namespace nuno
