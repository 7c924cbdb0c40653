// Corrections summed per particle from many contacts computed from the same positions, and
// applied as their average (Jacobi): the result does not depend on the order the contacts are met.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "math.hpp"

namespace nuno {

struct JacobiCorrections {
    std::vector<Vec3> moves;        // metres
    std::vector<Vec3> silentMoves;  // the part of the moves that does not become velocity
    std::vector<float> contacts;    // how many contacts moved each particle (or their shares)

    // The sums stay zero between substeps (each is cleared where it is applied), so a substep
    // with few contacts does not clear three arrays of the whole cloth.
    void resize(std::size_t count) {
        moves.resize(count, Vec3(0.0f));
        silentMoves.resize(count, Vec3(0.0f));
        contacts.resize(count, 0.0f);
    }
    // A contact that moves the particle only in part (a triangle's corner, by its barycentric
    // weight) counts as that part of one, so it does not dilute a whole contact's move.
    void add(std::size_t particle, const Vec3& move, const Vec3& silentMove, float share = 1.0f) {
        moves[particle] += move;
        silentMoves[particle] += silentMove;
        contacts[particle] += share;
    }
    Vec3 averageMove(std::size_t particle) const { return averaged(moves[particle], contacts[particle]); }
    Vec3 averageSilentMove(std::size_t particle) const { return averaged(silentMoves[particle], contacts[particle]); }
    void clear(std::size_t particle) {
        moves[particle] = Vec3(0.0f);
        silentMoves[particle] = Vec3(0.0f);
        contacts[particle] = 0.0f;
    }

private:
    static Vec3 averaged(const Vec3& sum, float count) { return count > 0.0f ? sum / count : Vec3(0.0f); }
};

// A point-triangle contact: the particle moved `depth` along the unit `normal`, the triangle's
// corners the other way by their barycentric `weights` (summing to 1), shared by inverse mass;
// `silentShare` of each move does not become velocity. Nothing moves where nothing can.
inline void addPointTriangleContact(JacobiCorrections& corrections, std::uint32_t particle,
                                    const std::array<std::uint32_t, 3>& corners, const Vec3& weights,
                                    const Vec3& normal, float depth, float silentShare,
                                    const std::vector<float>& inverseMasses) {
    const Vec3 cornerMasses(inverseMasses[corners[0]], inverseMasses[corners[1]], inverseMasses[corners[2]]);
    const float massSum = inverseMasses[particle] + glm::dot(weights * weights, cornerMasses);
    if (massSum == 0.0f) return;
    const float push = depth / massSum;
    const Vec3 particleMove = normal * (push * inverseMasses[particle]);
    corrections.add(particle, particleMove, particleMove * silentShare);
    for (int k = 0; k < 3; ++k) {
        if (weights[k] == 0.0f) continue;
        const Vec3 cornerMove = normal * (-push * weights[k] * cornerMasses[k]);
        corrections.add(corners[static_cast<std::size_t>(k)], cornerMove, cornerMove * silentShare, weights[k]);
    }
}

}  // namespace nuno
