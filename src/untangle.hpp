// Untangling: a cloth that has passed through itself works itself free (issue 25).
//
// Self-collision keeps layers apart only from the side each is on, so a cloth that is already
// crossed (started so, dragged through itself by a hold, or tunnelled at impact) would be held
// crossed for good. Every few steps, and every step while its crossings fall, this looks at the
// whole cloth (a global intersection analysis, after Baraff, Witkin and Kass 2003): the
// structural edges that pass through the cloth's own triangles (findSelfCrossings) cut the grid,
// and where the cut closes around part of a patch, that part (every piece but the patch's
// largest: the smaller side is taken to be the one that went through) is sent back. Each cut
// edge with one end in such a piece sends that end back through the triangle it crosses,
// towards the side its other end is on. A cut that closes around nothing (two layers crossed
// edge to edge, a fold through a fold) says nothing of which side is which and is left alone.
// While a particle is in such a piece, the particle and face pairs of self-collision leave it
// alone (they would hold it on the wrong side) and its face pairs forget their sides, learning
// them again once it is free.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "jacobi_corrections.hpp"
#include "topology.hpp"

namespace nuno {

class Untangling {
public:
    // In the first substep of a fixed step (self-collision's stage, after the constraints): finds
    // the crossings of `positions` and which particles went through, if it is time to look
    // (kStepsBetweenLooks) or the crossings fell at the last look. Cloth::stepStages counts as a
    // step's first substep.
    void beginStep(const std::vector<Vec3>& positions, const Grid& grid) {
        if (lookDue()) look(positions, grid);
    }

    // The two halves of beginStep, apart for the GPU cloths, which look at positions read back
    // some steps later (web/backends/gpu/untangling.js): whether this step is one to look in
    // (counting it), and the look.
    bool lookDue();
    void look(const std::vector<Vec3>& positions, const Grid& grid);

    // What the last look found, as the GPU cloths' separate pass reads it: four integers a
    // particle, the corners of the triangle it is sent back through and the side it belongs on
    // (+1 or -1, as Return::side); (0, 0, 0, kHeld) for a particle in a piece that went through
    // with nothing to send back; all zero for a free particle; none at all (empty) while nothing
    // went through. A particle sent back through several triangles keeps the first; the next
    // look finds the others.
    void writeTangles(std::size_t particleCount, std::vector<std::int32_t>& records) const;
    static constexpr std::int32_t kHeld = 2;

    // Whether the particle is in a piece that went through, held by the untangling rather than
    // by the pairs this step.
    bool tangled(std::uint32_t particle) const { return !returns_.empty() && tangled_[particle] != 0; }

    // Pushes each particle sent back towards `thickness` beyond the triangle it crossed, on its
    // side, by at most `thickness` a substep, and the triangle's corners the other way; silently
    // (no velocity), so untangling adds no energy.
    void push(const std::vector<Vec3>& positions, const std::vector<float>& inverseMasses, float thickness,
              JacobiCorrections& corrections) const;

    // A clean cloth is looked at once in this many steps (twice a second at 60 steps a second):
    // a look costs about half a step of a 128 x 128 cloth (14 ms in wasm against a 20-30 ms
    // step), and a tangle that waits half a second is no deeper for it.
    static constexpr int kStepsBetweenLooks = 30;

private:
    void analyse(const std::vector<Vec3>& positions, const Grid& grid);

    // A particle to send back through a triangle, to its side `side` (+1 along the
    // (b - a) x (c - a) of its corners in order, -1 against).
    struct Return {
        std::uint32_t particle;
        std::array<std::uint32_t, 3> triangle;
        float side;
    };
    std::vector<Return> returns_;
    std::vector<std::uint8_t> tangled_;  // per particle: 1 in a piece that went through
    std::size_t crossingsSeen_ = 0;      // at the last look
    std::vector<std::uint8_t> cuts_;     // scratch, per particle: its right and down edges crossing
    std::vector<std::uint32_t> pieces_;  // scratch: each particle's piece (union-find parents)
    int stepsSinceLook_ = kStepsBetweenLooks - 1;  // so a new cloth is looked at on its first step
    bool freeing_ = false;               // the crossings fell (from any) at the last look
};

}  // namespace nuno
