// Corrections summed per particle from many contacts computed from the same positions, and
// applied as their average (Jacobi): the result does not depend on the order the contacts are met.
#pragma once

#include <cstddef>
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

}  // namespace nuno
