#include "face_contacts.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "triangle_geometry.hpp"

namespace nuno {
namespace {

// A particle and a triangle of one patch closer than this many thicknesses in the rest shape
// never meet as a face pair: the nearer the bound, the more of a curved sheet's neighbouring
// triangles are listed (the swinging bench cloth's step natively: 4 -> 1, 3 -> 1.3x, 2 -> 2.9x).
// At four the sheet's free edge rolled through the rows beside it in one of the 64 x 64 piles of
// docs/model.md (23 crossings at 23.3 mm thick); at three, none of five thicknesses crossed.
constexpr float kRestExclusionThicknesses = 3.0f;

// A listed triangle may stretch to this many times the farthest its corners lie from its hub
// at rest; past that (a torn or exploded cloth) it is left out of the list rather than
// grow the hash's cells without bound.
constexpr float kStretchAllowed = 2.0f;

// How far outside a triangle (in barycentric weight) a particle's foot may fall and still count
// as over it: the triangles on either side of a shared edge then overlap a little, so a particle
// crossing right at the edge, where rounding could put it beside both, meets one of them.
constexpr float kOverSlack = 1e-3f;

// The farthest a point of a triangle lies from the nearest of its corners (its cover): for a
// right or obtuse triangle at most half its longest side (exactly, for a right one: the middle of
// that side), for an acute one its circumradius, which lies between that and the longest side
// over sqrt(3) (an equilateral triangle's); rounding (a nearly right triangle, a sliver, a side
// too short to square) is held within those bounds, NaN taking the larger. Widened a little, so
// rounding never shrinks the search.
float coverRadius(const Vec3& a, const Vec3& b, const Vec3& c) {
    const float ab = glm::dot(b - a, b - a);
    const float bc = glm::dot(c - b, c - b);
    const float ca = glm::dot(a - c, a - c);
    const float longest = std::max({ab, bc, ca});
    const float halfLongest = 0.5f * std::sqrt(longest);
    const float equilateral = std::sqrt(longest / 3.0f);
    if (2.0f * longest >= ab + bc + ca) return 1.001f * halfLongest;
    const float circumradius = std::sqrt(ab * bc * ca) / (2.0f * glm::length(glm::cross(b - a, c - a)));
    return 1.001f * (!(circumradius <= equilateral) ? equilateral : std::max(circumradius, halfLongest));
}

// A listed triangle's mark before any particle's earlier sides are written in it.
constexpr std::uint32_t kNoParticleYet = ~0u;

// Exactly in the plane (two papers laid on each other) the side is left open (0) until the
// particle pairs, which part such layers one way, have moved the particle off it.
float sideOf(float height) { return height < 0.0f ? -1.0f : height > 0.0f ? 1.0f : 0.0f; }

}  // namespace

float FaceContacts::beginList(const std::vector<Vec3>& positions, const std::vector<Vec3>& restPositions,
                              const Topology& topology, const TornConstraints& torn, float reach, float thickness) {
    const std::size_t triangleCount = topology.triangleIndices.size() / 3;
    const auto reachFromHub = [&](const std::vector<Vec3>& at, const TriangleCorners& corners) {
        return std::max(glm::distance(at[corners[0]], at[corners[1]]), glm::distance(at[corners[0]], at[corners[2]]));
    };
    if (cornerStarts_.size() != positions.size() + 1) {
        // Each triangle's hub: the corner nearest its farthest corner at rest (a grid triangle's
        // right angle), its corners turned to start there (the same winding).
        hubCorners_.resize(triangleCount);
        restHubReach_ = 0.0f;
        for (std::size_t t = 0; t < triangleCount; ++t) {
            const std::uint32_t* listed = &topology.triangleIndices[3 * t];
            TriangleCorners best{listed[0], listed[1], listed[2]};
            for (int turn = 1; turn < 3; ++turn) {
                const TriangleCorners turned{listed[turn], listed[(turn + 1) % 3], listed[(turn + 2) % 3]};
                if (reachFromHub(restPositions, turned) < reachFromHub(restPositions, best)) best = turned;
            }
            hubCorners_[t] = best;
            restHubReach_ = std::max(restHubReach_, reachFromHub(restPositions, best));
        }
        cornerStarts_.assign(positions.size() + 1, 0);
        for (const TriangleCorners& corners : hubCorners_) {
            for (const std::uint32_t corner : corners) ++cornerStarts_[corner + 1];
        }
        for (std::size_t p = 1; p < cornerStarts_.size(); ++p) cornerStarts_[p] += cornerStarts_[p - 1];
        cornerTriangles_.resize(3 * triangleCount);
        std::vector<std::uint32_t> filled(cornerStarts_.begin(), cornerStarts_.end() - 1);
        for (std::size_t t = 0; t < triangleCount; ++t) {
            for (const std::uint32_t corner : hubCorners_[t]) cornerTriangles_[filled[corner]++] = static_cast<std::uint32_t>(t);
        }
    }
    const float allowed = kStretchAllowed * restHubReach_;
    float farthest = 0.0f;
    covers_.resize(triangleCount);
    for (std::size_t t = 0; t < triangleCount; ++t) {
        const auto [a, b, c] = hubCorners_[t];
        const bool listable = reachFromHub(positions, hubCorners_[t]) <= allowed &&
                              !torn.tearsTriangle(topology.triangleIndices, t);  // false for NaN too
        covers_[t] = listable ? coverRadius(positions[a], positions[b], positions[c]) : -1.0f;
        if (listable) farthest = std::max(farthest, covers_[t]);
    }
    reach_ = reach;
    restExclusion_ = kRestExclusionThicknesses * thickness;
    earlierFaces_.swap(faces_);
    earlierStarts_.swap(starts_);
    listing_.clear();
    return farthest;
}

void FaceContacts::listPair(std::uint32_t i, std::uint32_t j, const std::vector<Vec3>& positions,
                            const std::vector<Vec3>& substepStarts, const std::vector<Vec3>& restPositions,
                            const Topology& topology) {
    // Within the exclusion of a triangle's corner at rest is within it of the triangle:
    // most pairs of a smooth sheet end here, before any triangle is looked at.
    const Grid& grid = topology.grid;
    const bool onePatch = (grid.patchColumns == 0 && grid.patchRows == 0) || grid.patchOf(i) == grid.patchOf(j);
    const Vec3 restBetween = restPositions[i] - restPositions[j];
    if (onePatch && glm::dot(restBetween, restBetween) < restExclusion_ * restExclusion_) return;
    listTrianglesAt(i, j, onePatch, positions, substepStarts, restPositions);
    listTrianglesAt(j, i, onePatch, positions, substepStarts, restPositions);
}

void FaceContacts::listTrianglesAt(std::uint32_t corner, std::uint32_t particle, bool onePatch,
                                   const std::vector<Vec3>& positions, const std::vector<Vec3>& substepStarts,
                                   const std::vector<Vec3>& restPositions) {
    const Vec3& p = positions[particle];
    const float fromCornerSquared = glm::dot(p - positions[corner], p - positions[corner]);
    for (std::uint32_t k = cornerStarts_[corner]; k < cornerStarts_[corner + 1]; ++k) {
        const std::uint32_t t = cornerTriangles_[k];
        const float cover = covers_[t];
        if (cover < 0.0f || !(fromCornerSquared < (reach_ + cover) * (reach_ + cover))) continue;
        const TriangleCorners& corners = hubCorners_[t];
        // A triangle is met through the corner nearest the particle (the lowest numbered of
        // equals) and no other, so it is listed once: that corner lies within reach and cover.
        const auto nearerOrItself = [&](std::uint32_t other) {
            const float squared = glm::dot(p - positions[other], p - positions[other]);
            return other == particle || squared < fromCornerSquared || (squared == fromCornerSquared && other < corner);
        };
        if (std::any_of(corners.begin(), corners.end(), nearerOrItself)) continue;
        const auto [a, b, c] = corners;
        if (!(distanceToTriangle(p, positions[a], positions[b], positions[c]) < reach_)) continue;
        if (onePatch &&
            distanceToTriangle(restPositions[particle], restPositions[a], restPositions[b], restPositions[c]) < restExclusion_) {
            continue;
        }
        // A new pair takes the side the particle was on when this substep began: one that has
        // just passed through the triangle is pushed back.
        const Vec3& startA = substepStarts[a];
        const Vec3 startAcross = glm::cross(substepStarts[b] - startA, substepStarts[c] - startA);
        listing_.push_back({particle, t, sideOf(glm::dot(substepStarts[particle] - startA, startAcross))});
    }
}

void FaceContacts::endList() {
    // Sorted by particle (a counting sort, keeping the order found within each), so a pair
    // listed before is found among its particle's few and keeps the side it was held to.
    const std::size_t count = cornerStarts_.size() - 1;
    starts_.assign(count + 1, 0);
    for (const FaceContact& face : listing_) ++starts_[face.particle + 1];
    for (std::size_t p = 1; p <= count; ++p) starts_[p] += starts_[p - 1];
    faces_.resize(listing_.size());
    std::vector<std::uint32_t> next(starts_.begin(), starts_.end() - 1);
    for (const FaceContact& face : listing_) faces_[next[face.particle]++] = face;
    // Per triangle, the particle + 1 whose earlier side it holds, and that side.
    const std::size_t triangleCount = hubCorners_.size();
    triangleMarks_.assign(triangleCount, 0);
    earlierSides_.resize(triangleCount);
    listedTriangles_.clear();
    for (const FaceContact& face : faces_) {
        if (triangleMarks_[face.triangle] == 0) listedTriangles_.push_back(face.triangle);
        triangleMarks_[face.triangle] = kNoParticleYet;
    }
    if (earlierStarts_.size() != starts_.size()) return;
    for (std::uint32_t p = 0; p < count; ++p) {
        for (std::uint32_t e = earlierStarts_[p]; e < earlierStarts_[p + 1]; ++e) {
            triangleMarks_[earlierFaces_[e].triangle] = p + 1;
            earlierSides_[earlierFaces_[e].triangle] = earlierFaces_[e].side;
        }
        for (std::uint32_t k = starts_[p]; k < starts_[p + 1]; ++k) {
            if (triangleMarks_[faces_[k].triangle] == p + 1) faces_[k].side = earlierSides_[faces_[k].triangle];
        }
    }
}

void FaceContacts::separate(const std::vector<Vec3>& positions, const std::vector<float>& inverseMasses,
                            const SplitParticles& particles, const Topology& topology, float thickness,
                            float substepSeconds, const Untangling& untangling, JacobiCorrections& corrections) {
    if (faces_.empty()) return;
    unitNormals_.resize(hubCorners_.size());
    for (const std::uint32_t t : listedTriangles_) {
        const auto [a, b, c] = hubCorners_[t];
        const Vec3 across = glm::cross(positions[b] - positions[a], positions[c] - positions[a]);
        const float length = glm::length(across);
        unitNormals_[t] = length > 0.0f ? across / length : Vec3(0.0f);
    }
    const Grid& grid = topology.grid;
    for (FaceContact& face : faces_) {
        const std::uint32_t p = face.particle;
        const TriangleCorners& t = hubCorners_[face.triangle];
        if (untangling.tangled(p) || untangling.tangled(t[0]) || untangling.tangled(t[1]) || untangling.tangled(t[2])) {
            face.side = 0.0f;
            continue;
        }
        const Vec3& unitNormal = unitNormals_[face.triangle];
        const Vec3& a = positions[t[0]];
        const float height = glm::dot(positions[p] - a, unitNormal);
        // Far off on its own side (or a triangle of no area): nothing to hold, nothing to learn.
        if (!(face.side * height < thickness) || unitNormal == Vec3(0.0f)) continue;
        const Vec3 foot = footWeights(positions[p], a, positions[t[1]], positions[t[2]], unitNormal);
        if (face.side == 0.0f || !(std::min({foot.x, foot.y, foot.z}) >= -kOverSlack)) {
            face.side = sideOf(height);  // beside the triangle: free to pass to its other side
            continue;
        }
        const float gap = face.side * height;  // negative once through the triangle
        const Vec3 clamped = glm::max(foot, Vec3(0.0f));
        const Vec3 weights = clamped / (clamped.x + clamped.y + clamped.z);
        const Vec3 normal = unitNormal * face.side;  // towards the particle's side
        const float depth = thickness - gap;
        // Only the push that stops the approach becomes velocity.
        Vec3 triangleVelocity(0.0f);
        for (int k = 0; k < 3; ++k) triangleVelocity += weights[k] * particles.velocities.at(splitIndex(grid, t[k]));
        const float approach =
            std::max(0.0f, -glm::dot(particles.velocities.at(splitIndex(grid, p)) - triangleVelocity, normal));
        const float silentShare = std::max(0.0f, depth - approach * substepSeconds) / depth;
        addPointTriangleContact(corrections, p, t, weights, normal, depth, silentShare, inverseMasses);
    }
}

float FaceContacts::fastestApproach(const SplitParticles& particles, const Grid& grid) const {
    float fastestSquared = 0.0f;
    for (const FaceContact& face : faces_) {
        const Vec3 particleVelocity = particles.velocities.at(splitIndex(grid, face.particle));
        for (const std::uint32_t corner : hubCorners_[face.triangle]) {
            const Vec3 relative = particleVelocity - particles.velocities.at(splitIndex(grid, corner));
            fastestSquared = std::max(fastestSquared, glm::dot(relative, relative));
        }
    }
    return std::sqrt(fastestSquared);
}

}  // namespace nuno
