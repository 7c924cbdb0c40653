// The stage's GPU twins: shaders/webgl2/constrain.frag.glsl and shaders/webgpu/constrain.wgsl; tests/browser/stages.spec.js runs it on all three.
//
// The red-black passes on the CPU, four constraints at a time.
//
// A colour's constraints share no particle, so any four of them can be solved together. The
// passes work on the step's split state (split_particles.hpp): x, y, z and the inverse masses
// each their own array, each row's even columns first, then its odd ones. There the four firsts
// of nearly every pass sit side by side, and so do their four seconds: down and skip-one down
// (the same columns a row or two below), right and the diagonals (even columns to the odd ones
// of the same row, or of the row below or above, and odd to even). Only skip-one right pairs
// neighbours of one half, first and second in turn (LaneShape).
//
// Each lane computes exactly what projection.hpp computes for one pair, and a pass's pairs are
// independent, so the results are bit for bit those of solving the topology's passes one
// constraint at a time (tests/native/red_black_solver_test.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "projection.hpp"
#include "split_particles.hpp"
#include "tearing.hpp"
#include "thread_team.hpp"
#include "topology.hpp"

namespace nuno {

// How four constraints of a pass lie in the split arrays.
enum class LaneShape : std::uint8_t {
    Apart,        // four firsts side by side, and their four seconds side by side
    Alternating,  // eight side by side, first and second in turn (skip-one right, within a half row)
};

// Constraints of a pass that follow each other along one row: chunk j's first lanes start at
// first + j * 4 * laneStride (Apart: its seconds at second + j * 4; Alternating: next to them).
// Their rest lengths (and multipliers) start at firstLane of the pass's.
struct LaneRun {
    std::size_t first;
    std::size_t second;
    std::size_t firstLane;
    int chunks;
};

// One colour of one direction, cut into chunks of four constraints.
struct PassLanes {
    LaneShape shape;
    std::vector<LaneRun> runs;
    std::vector<std::uint32_t> firstRunOfRow;  // per row of firsts, and one past the last: where its runs are
    // Per run, per chunk, four lanes: the rest length, -1 where no constraint starts.
    std::vector<float> restLengths;
    std::vector<float> multipliers;  // XPBD, laid out as restLengths, made when they first carry over iterations
};

class RedBlackSolver {
public:
    explicit RedBlackSolver(const Topology& topology, const std::vector<float>& restLengthsByDirection);

    // Starts a substep. XPBD over several iterations carries multipliers between them: they
    // start at zero.
    void beginSubstep(const ClothSettings& settings);
    // One colour of one direction on the particles' positions, its runs shared among the team.
    void solvePass(SplitParticles& particles, Direction direction, int colour, SolverKind solver,
                   const FamilyRule& rule, ThreadTeam& team = ThreadTeam::alone());

    // What a cloth with these settings keeps here: a rest length per lane (about one per
    // constraint on a large grid), and as many multipliers when XPBD iterates.
    static std::uint64_t memoryBytes(const ClothSettings& settings);
    // Frees the multipliers when these settings do not carry them.
    void fitTo(const ClothSettings& settings);
    // The structural and shear constraints still solved that these positions stretch past
    // stretchFactor times their rest length (tearing.hpp), read off the passes' lanes: four at a
    // time, with no grid arithmetic but for those found.
    std::vector<Tear> stretchedPast(const Grid& grid, const SplitVectors& positions, float stretchFactor) const;
    // The rest length of the constraint starting at (column, row) in this direction, which must
    // exist: -1 takes it out of its pass (tearing), its own length puts it back.
    void setRestLength(const Grid& grid, Direction direction, int column, int row, float restLength);

private:
    std::array<PassLanes, kPassCount> passes_;
    bool multipliersCarry_ = false;
};

}  // namespace nuno
